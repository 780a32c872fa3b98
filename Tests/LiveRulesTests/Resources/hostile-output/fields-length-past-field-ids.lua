-- stage: layout
-- expect: layout.islandExpanded.fields: expected a list of at most 11 elements, got a table of length 12
-- One field more than the manifest declares ids: no placement can legally show that many.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  local fields = {}
  for i = 1, 12 do fields[i] = { id = "title", text = "Standup" } end
  out.islandExpanded.fields = fields
  return out
end
