-- Relevance: a live match ranks first, then an outdated one (still a match in play, but its
-- score cannot be trusted), then one that has not started, then a finished one.
-- Alert on a new goal only (see phase.lua: the one update that reports it), and never from an
-- outdated update: a goal learned 3 minutes late is shown, not announced.

local SCORE = { live = 100, stale = 70, before = 50, after = 20 }
---@param input match.Input
return function(input)
  return {
    score = SCORE[input.phase],
    alert = input.facts.newGoal and input.phase ~= "stale",
  }
end
