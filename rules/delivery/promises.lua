-- Promises: what the delivery pack's presentations keep whatever the state (`liverules explore`
-- checks them on every state it generates, optional fields missing included). Each row names
-- the placements it holds for.
--   progress  the bar over the order's steps, from placed to arrived, wherever a bar is drawn:
--             the lock screen, StandBy, the expanded island and Android's notification
--   compact   until the order arrives, the ETA: its minutes counting down ("12:00"), the time
--             it arrives at when that is an hour or more away ("19:35"), or what stands for it
--             ("Now", "!")
--   none      a promise more than 8 hours away has no activity: nothing about the order
--             shows (no store, step, bar, ETA or promise); only the badge, "Scheduled", and in
--             the island, where no view may be empty, the order glyph (🧾) and the hours to go

local promise = require "liverules.promise"

local STEPS = { "placed", "picking", "delivering", "arrived" }
local ACTIVE = { "placed", "picking", "delivering" }
local BARS = { "lockScreen", "standBy", "islandExpanded", "androidOngoing" }
local EVERYWHERE = { "lockScreen", "islandCompactLeading", "islandCompactTrailing", "islandMinimal", "islandExpanded",
                     "standBy", "watchSmartStack", "androidOngoing" }
local BUT_THE_GLYPH = { "lockScreen", "islandCompactTrailing", "islandMinimal", "islandExpanded", "standBy",
                        "watchSmartStack", "androidOngoing" }
local ORDER = { "title", "progress", "eta", "arrival", "promise" }

-- What the rows match: the phase.
local function facts(input)
  return { phase = input.phase }
end

local promises = promise.cases(facts, {
  { when = { phase = STEPS }, placements = BARS, shows = "progress" },
  { when = { phase = ACTIVE }, placements = "islandCompactTrailing", shows = "eta" },
  { when = { phase = "none" }, placements = EVERYWHERE, hides = ORDER },
  { when = { phase = "none" }, placements = BUT_THE_GLYPH, hides = "step" },
})

return promises
