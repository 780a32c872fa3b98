-- Palette: the meeting's calendar colour is the accent wherever it has enough contrast against
-- the background (WCAG 3:1, for graphics); otherwise the brand accent; otherwise a neutral.
-- StandBy at night tints everything red, so its candidates are tinted before they are judged.
-- An ongoing meeting's green stays green in every appearance.

local colour = require "liverules.colour"

local GREEN = "#34C759"
local BRAND = "#0A84FF"
local NEUTRAL = "#8E8E93"

local APPEARANCES = {
  light = { background = colour.WHITE, foreground = colour.BLACK },
  dark = { background = colour.BLACK, foreground = colour.WHITE },
  standByNight = { background = colour.BLACK, foreground = colour.night(colour.WHITE), night = true },
}

-- The accent of one appearance and why it is not the calendar colour (nil when it is).
local function accent(calendarColor, look)
  local tint = look.night and colour.night or function(c) return c end
  local preferred = calendarColor and tint(calendarColor)
  local chosen, position = colour.pick(look.background, colour.GRAPHICS_CONTRAST,
                                       preferred, tint(BRAND), tint(NEUTRAL), look.foreground)
  if position == 1 then return chosen, nil end
  if calendarColor == nil then return chosen, "no calendar colour" end
  return chosen, string.format("calendar colour %s has %.1f:1 contrast on %s (needs 3:1)",
                               calendarColor, colour.contrast(preferred, look.background), look.background)
end

return function(input)
  local meeting = input.facts.meeting
  local ongoing = input.phase == "progress" or input.phase == "combo"
  local palette = {}
  for name, look in pairs(APPEARANCES) do
    local chosen, reason
    if ongoing then
      chosen = GREEN
    elseif meeting == nil then
      chosen = accent(nil, look)  -- no meeting, no preferred colour: nothing fell back
    else
      chosen, reason = accent(meeting.calendarColor, look)
    end
    palette[name] = { background = look.background, foreground = look.foreground, accent = chosen, fallback = reason }
  end
  return palette
end
