-- stage: layout
-- expect: layout[1.5]: expected a placement name (a string of valid UTF-8), got number key 1.5
-- A float key in the layout.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out[1.5] = { fields = {} }
  return out
end
