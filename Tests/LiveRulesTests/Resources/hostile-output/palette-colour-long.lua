-- stage: palette
-- expect: palette.standByNight.accent: expected text of at most 64 bytes, got a string of 7000 bytes
-- A colour thousands of bytes long, refused before it is copied.
local palette = require "liverules.palette"

return function()
  local out = palette.fixed("#0A84FF")
  out.standByNight.accent = "#" .. string.rep("F", 6999)
  return out
end
