-- Palette: the home team's colour is the accent wherever it has enough contrast against the
-- background (WCAG 3:1, for graphics); otherwise a neutral grey, otherwise the foreground. The
-- accent never switches to the away team's colour: one activity, one team identity, and a
-- neutral treatment is better than a colour that cannot be read or belongs to the other side.
-- StandBy at night tints everything red, so its candidates are tinted before they are judged.
-- The live dot takes the badge's green, not the accent.

local palette = require "liverules.palette"

local NEUTRAL = "#8E8E93"
---@param input match.Input
return function(input)
  local home = input.attributes.home
  return palette.accented {
    preferred = home.colour, fallbacks = { NEUTRAL },
    label = home.name .. " colour", missing = "no colour for " .. home.name,
  }
end
