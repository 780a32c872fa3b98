-- stage: layout
-- expect: layout.lock\xFFScreen: expected a placement name (a string of valid UTF-8), got a key of 11 bytes that are not valid UTF-8
-- A placement name with a byte that is not UTF-8: it cannot be decoded into a name, so it
-- once vanished from the output silently.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out["lock\xFFScreen"] = { fields = { { id = "title", text = "hidden" } } }
  return out
end
