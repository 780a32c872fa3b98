-- Palette: the meeting's calendar colour is the accent wherever it has enough contrast against
-- the background (WCAG 3:1, for graphics); otherwise the brand accent; otherwise a neutral.
-- StandBy at night tints everything red, so its candidates are tinted before they are judged.
-- An ongoing meeting's green stays green in every appearance.

local palette = require "liverules.palette"

local GREEN = "#34C759"
local BRAND = "#0A84FF"
local NEUTRAL = "#8E8E93"
---@param input meetings.Input
return function(input)
  if input.phase == "progress" or input.phase == "combo" then return palette.fixed(GREEN) end
  local meeting = input.facts.meeting
  if meeting == nil then return palette.accented { fallbacks = { BRAND, NEUTRAL } } end
  return palette.accented {
    preferred = meeting.calendarColor, fallbacks = { BRAND, NEUTRAL },
    label = "calendar colour", missing = "no calendar colour",
  }
end
