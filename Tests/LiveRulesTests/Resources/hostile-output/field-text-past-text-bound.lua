-- stage: layout
-- expect: layout.lockScreen.fields[1].text: expected text of at most 4096 bytes, got a string of 5000 bytes
-- One text longer than a whole push payload can carry.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out.lockScreen.fields = { { id = "title", text = string.rep("z", 5000) } }
  return out
end
