-- stage: layout
-- expect: layout.lockScreen.fields[7]: expected nothing past the list's 2 elements, got table
-- A field stored past the list's border: a reader walking 1...#fields would never see it.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out.lockScreen.fields = {
    { id = "title", text = "Design review" }, { id = "countdown", text = "in 10 min" },
    [7] = { id = "location", text = "Studio" },
  }
  return out
end
