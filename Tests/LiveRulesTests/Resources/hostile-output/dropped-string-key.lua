-- stage: layout
-- expect: layout.watchSmartStack.dropped.hidden: expected nothing past the list's 1 element, got string "location"
-- A named entry in a list of ids.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out.watchSmartStack.dropped = { "title", hidden = "location" }
  return out
end
