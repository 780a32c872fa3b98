-- stage: layout
-- expect: layout.islandMinimal.fields[1].id: expected text of at most 64 bytes, got a string of 8000 bytes
-- An id no manifest can declare: longer than any name, refused before it is copied.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out.islandMinimal.fields = { { id = string.rep("t", 8000), text = "9m" } }
  return out
end
