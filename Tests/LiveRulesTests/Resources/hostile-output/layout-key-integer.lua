-- stage: layout
-- expect: layout[1]: expected a placement name (a string of valid UTF-8), got integer key 1
-- A positional entry in the layout, next to every placement.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out[1] = { fields = {} }
  return out
end
