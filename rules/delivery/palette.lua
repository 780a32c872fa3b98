-- Palette: the store's colour is the accent wherever it has enough contrast against the
-- background (WCAG 3:1, for graphics); otherwise the app's grocery green; otherwise a neutral;
-- otherwise the foreground. StandBy at night tints everything red, so its candidates are tinted
-- before they are judged. Lateness is carried by the badge's tone, not by the accent.

local palette = require "liverules.palette"

local BRAND = "#0A8F45"
local NEUTRAL = "#8E8E93"
---@param input delivery.Input
return function(input)
  return palette.accented {
    preferred = input.attributes.storeColour, fallbacks = { BRAND, NEUTRAL },
    label = "store colour", missing = "no store colour",
  }
end
