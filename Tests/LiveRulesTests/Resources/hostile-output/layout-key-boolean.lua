-- stage: layout
-- expect: layout[true]: expected a placement name (a string of valid UTF-8), got boolean key true
-- A boolean key in the layout.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out[true] = { fields = {} }
  return out
end
