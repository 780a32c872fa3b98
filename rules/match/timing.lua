-- Timing: when the match's content goes stale, when a finished match leaves the lock screen,
-- and what an alert says.
--   stale      3 minutes after the update the phase rule measures from (the latest update; from
--              the kick-off time on while the feed still says "scheduled"): the moment the
--              activity would say "Outdated". None once it says so (stale) or once the match
--              is over (a final score never goes out of date). Never past the 8 hours an
--              activity may run.
--   dismissal  a finished match stays on the lock screen 30 minutes after its last update.
--   alert      the score line and the latest event ("Arsenal 2–1 Chelsea", "⚽ 67' Goal,
--              Arsenal · Saka"); before kick-off the teams and the kick-off time. Relevance
--              decides whether an update alerts (a new goal).

local time = require "liverules.time"
local text = require "liverules.text"

local STALE_AFTER = 3 * 60
local MAX_ACTIVITY = 8 * 60 * 60
local FINAL_SCORE_STAYS = 30 * 60
local DASH = "–"
local EVENTS = {
  goal = "Goal", penaltyGoal = "Penalty goal", ownGoal = "Own goal", redCard = "Red card", yellowCard = "Yellow card",
}

local function name(team)
  return text.line(team.name) or text.line(team.code) or "?"
end

return function(input)
  local attributes, state, now, phase = input.attributes, input.state, input.now, input.phase
  local home, away = name(attributes.home), name(attributes.away)
  local timing = {}
  if phase == "live" or phase == "before" then
    local heardFrom = state.updatedAt
    if input.facts.status == "scheduled" then heardFrom = math.max(heardFrom, attributes.kickoff) end
    timing.stale = math.min(heardFrom + STALE_AFTER, now + MAX_ACTIVITY)
  elseif phase == "after" then
    timing.dismissal = now + FINAL_SCORE_STAYS
  end

  if input.facts.status == "scheduled" then
    timing.alert = { title = home .. " v " .. away,
                     body = "Kick-off " .. time.clock(attributes.kickoff, attributes.timeZone) }
    return timing
  end
  local body = state.status == "finished" and "Full time" or "Live"
  local event = state.lastEvent
  if event ~= nil then
    body = EVENTS[event.kind] .. ", " .. (event.team == "home" and home or away)
    if event.minute ~= nil then body = event.minute .. "' " .. body end
    local player = text.line(event.player)
    if player ~= nil then body = body .. " · " .. player end
  end
  timing.alert = { title = home .. " " .. state.score.home .. DASH .. state.score.away .. " " .. away, body = body }
  return timing
end
