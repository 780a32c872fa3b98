-- stage: layout
-- expect: layout[table]: expected a placement name (a string of valid UTF-8), got a key that is a table
-- A table used as a key of the layout.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out[{}] = { fields = {} }
  return out
end
