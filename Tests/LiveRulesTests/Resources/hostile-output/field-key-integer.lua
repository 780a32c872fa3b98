-- stage: layout
-- expect: layout.lockScreen.fields[1][1]: expected nothing (the keys are id, text, glyph, live, slot, line), got string "subtitle"
-- A field with a positional entry: an integer where names belong.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out.lockScreen.fields = { { "subtitle", id = "title", text = "Design review" } }
  return out
end
