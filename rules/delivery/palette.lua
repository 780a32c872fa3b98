-- Palette: the store's colour is the accent wherever it has enough contrast against the
-- background (WCAG 3:1, for graphics); otherwise the app's grocery green; otherwise a neutral;
-- otherwise the foreground. StandBy at night tints everything red, so its candidates are tinted
-- before they are judged. Lateness is carried by the badge's tone, not by the accent.

local colour = require "liverules.colour"

local BRAND = "#0A8F45"
local NEUTRAL = "#8E8E93"

local APPEARANCES = {
  light = { background = colour.WHITE, foreground = colour.BLACK },
  dark = { background = colour.BLACK, foreground = colour.WHITE },
  standByNight = { background = colour.BLACK, foreground = colour.night(colour.WHITE), night = true },
}

-- The accent of one appearance and why it is not the store colour (nil when it is).
local function accent(storeColour, look)
  local tint = look.night and colour.night or function(c) return c end
  local preferred = storeColour and tint(storeColour)
  local chosen, position = colour.pick(look.background, colour.GRAPHICS_CONTRAST,
                                       preferred, tint(BRAND), tint(NEUTRAL), look.foreground)
  if position == 1 then return chosen, nil end
  if storeColour == nil then return chosen, "no store colour" end
  return chosen, string.format("store colour %s has %.1f:1 contrast on %s (needs 3:1)",
                               storeColour, colour.contrast(preferred, look.background), look.background)
end

return function(input)
  local storeColour = input.attributes.storeColour
  local palette = {}
  for name, look in pairs(APPEARANCES) do
    local chosen, reason = accent(storeColour, look)
    palette[name] = { background = look.background, foreground = look.foreground, accent = chosen, fallback = reason }
  end
  return palette
end
