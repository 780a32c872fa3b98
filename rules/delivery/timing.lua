-- Timing: when the delivery's content goes stale, when a delivered order leaves the lock
-- screen, and what an alert says.
--   stale      30 minutes past the ETA (the promised time when there is no ETA): an arrival
--              time that long gone without an update is no longer true. Never past the 8-hour
--              limit: an activity runs at most 8 hours, so no date is set beyond now + 8 hours.
--   dismissal  an arrived order stays on the lock screen 15 minutes.
--   alert      the store and what is happening ("Sam Lee is on the way", "…is at your door").
-- Phase none has no activity: no timing and nothing to alert.

local text = require "liverules.text"

local MAX_ACTIVITY = 8 * 60 * 60
local ETA_OUTDATED = 30 * 60
local ARRIVED_STAYS = 15 * 60
local DEFAULT_COURIER = "Your courier"
local SAYS = {
  placed = "We've got your order",
  picking = "Packing your groceries",
  delivering = " is on the way",
  arrived = " is at your door",
}

return function(input)
  local phase, facts, now = input.phase, input.facts, input.now
  if phase == "none" then return {} end
  local timing = {}
  if phase == "arrived" then
    timing.dismissal = now + ARRIVED_STAYS
  else
    timing.stale = math.min(facts.eta + ETA_OUTDATED, now + MAX_ACTIVITY)
  end
  local body = SAYS[phase]
  if phase == "delivering" or phase == "arrived" then body = (facts.courier or DEFAULT_COURIER) .. body end
  timing.alert = { title = text.line(input.attributes.storeName) or "Your order", body = body }
  return timing
end
