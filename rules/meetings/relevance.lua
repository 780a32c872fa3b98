-- Relevance: progress and combo rank above countdown, countdown above upcoming, done is 0.
-- Alert only on the first update of a countdown or of a progress phase: when the phase
-- differs from the update before (`input.previous`, nil on the first update).

local SCORE = { progress = 100, combo = 100, countdown = 80, upcoming = 50, done = 0 }
local ALERTS = { countdown = true, progress = true }
---@param input meetings.Input
return function(input)
  return {
    score = SCORE[input.phase],
    alert = ALERTS[input.phase] == true and input.previous ~= input.phase,
  }
end
