-- stage: palette
-- expect: palette.dark: expected a plain table (the host reads fields raw: what a metatable supplies is never read), got a table with a metatable
-- An appearance built when the pack loads, its colours behind __index: frozen, it is a
-- read-only table whose table behind still has a metatable supplying them.
local palette = require "liverules.palette"
local BASE = { background = "#000000", foreground = "#FFFFFF", accent = "#0A84FF" }
local DARK = setmetatable({}, { __index = BASE })

return function()
  local out = palette.fixed("#0A84FF")
  return { light = out.light, dark = DARK, standByNight = out.standByNight }
end
