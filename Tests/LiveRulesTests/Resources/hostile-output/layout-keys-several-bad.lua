-- stage: layout
-- expect: layout[-3]: expected a placement name (a string of valid UTF-8), got integer key -3
-- Several undecodable keys: the first in the defined key order is named, the same on every run
-- whatever order Lua's hash visits them in.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out["\xFE"], out[true], out[7], out[-3], out[2.5] = {}, {}, {}, {}, {}
  return out
end
