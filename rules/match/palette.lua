-- Palette: the home team's colour is the accent wherever it has enough contrast against the
-- background (WCAG 3:1, for graphics); otherwise a neutral grey, otherwise the foreground. The
-- accent never switches to the away team's colour: one activity, one team identity, and a
-- neutral treatment is better than a colour that cannot be read or belongs to the other side.
-- StandBy at night tints everything red, so its candidates are tinted before they are judged.
-- The live dot takes the badge's green, not the accent.

local colour = require "liverules.colour"

local NEUTRAL = "#8E8E93"

local APPEARANCES = {
  light = { background = colour.WHITE, foreground = colour.BLACK },
  dark = { background = colour.BLACK, foreground = colour.WHITE },
  standByNight = { background = colour.BLACK, foreground = colour.night(colour.WHITE), night = true },
}

-- The accent of one appearance and why it is not the team colour (nil when it is).
local function accent(team, look)
  local tint = look.night and colour.night or function(c) return c end
  local preferred = team.colour and tint(team.colour)
  local chosen, position = colour.pick(look.background, colour.GRAPHICS_CONTRAST,
                                       preferred, tint(NEUTRAL), look.foreground)
  if position == 1 then return chosen, nil end
  if team.colour == nil then return chosen, "no colour for " .. team.name end
  return chosen, string.format("%s colour %s has %.1f:1 contrast on %s (needs 3:1)",
                               team.name, team.colour, colour.contrast(preferred, look.background), look.background)
end

return function(input)
  local home = input.attributes.home
  local palette = {}
  for name, look in pairs(APPEARANCES) do
    local chosen, reason = accent(home, look)
    palette[name] = { background = look.background, foreground = look.foreground, accent = chosen, fallback = reason }
  end
  return palette
end
