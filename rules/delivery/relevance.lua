-- Relevance: the closer the order is to the door, the higher: arrived (someone must open the
-- door) > delivering > picking > placed; none is 0 (there is no activity). A late order ranks
-- 10 points above its step, up to 100.
-- Alert on the first update of delivering (the courier has left) and of arrived: when the phase
-- differs from the update before (`input.previous`, nil on the first update).

local SCORE = { arrived = 100, delivering = 90, picking = 60, placed = 40, none = 0 }
local LATE_BONUS = 10
local ALERTS = { delivering = true, arrived = true }
---@param input delivery.Input
return function(input)
  local score = SCORE[input.phase]
  local late = input.facts.late or input.facts.lateExpected
  if late and input.phase ~= "none" and input.phase ~= "arrived" then
    score = math.min(100, score + LATE_BONUS)
  end
  return {
    score = score,
    alert = ALERTS[input.phase] == true and input.previous ~= input.phase,
  }
end
