-- Phase: the order's step, or `none` when there must be no activity.
--   none        the promised time is more than 8 hours away: an activity cannot run past 8
--               hours, so there is none yet (exactly 8 hours away still gets one). This wins
--               over the step.
--   placed      the order is in
--   picking     the store is packing it
--   delivering  the courier is on the way
--   arrived     the courier is at the door
-- Missing optional fields never fail an update; the rules fill defaults:
--   no `eta`          the promised time stands in for it (and is labelled as the promise)
--   no `courierName`  "Your courier" (an empty or blank name is no name)
-- Facts for the other rules: `step` (1...4), `eta` (a date, never nil), `etaKnown`,
-- `courier` (the name as one line, nil when missing or blank), `late` (past the promised time:
-- late starts the second after it), `veryLate` (more than 10 minutes past it) and
-- `lateExpected` (the ETA is after the promised time).

local text = require "liverules.text"
local time = require "liverules.time"

local VERY_LATE = 10 * 60

local MAX_ACTIVITY = 8 * 60 * 60
local STEPS = { placed = 1, picking = 2, delivering = 3, arrived = 4 }
---@param input delivery.PhaseInput
return function(input)
  local state, now, promisedAt = input.state, input.now, input.attributes.promisedAt
  local eta = state.eta or promisedAt
  local facts = {
    step = STEPS[state.step],
    eta = eta,
    etaKnown = state.eta ~= nil,
    courier = text.line(state.courierName),
    late = time.passed(now, promisedAt),
    veryLate = time.passed(now, promisedAt + VERY_LATE),
    lateExpected = eta > promisedAt,
  }
  if not time.reached(now, promisedAt - MAX_ACTIVITY) then return "none", facts end
  return state.step, facts
end
