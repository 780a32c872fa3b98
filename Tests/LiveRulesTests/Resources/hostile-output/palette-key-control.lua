-- stage: palette
-- expect: palette.light.accent\n\x1B[2J: expected nothing (the keys are background, foreground, accent, fallback), got string "#FF0000"
-- A key with a newline and an escape sequence: named escaped, never written raw to a terminal.
local palette = require "liverules.palette"

return function()
  local out = palette.fixed("#0A84FF")
  out.light["accent\n\27[2J"] = "#FF0000"
  return out
end
