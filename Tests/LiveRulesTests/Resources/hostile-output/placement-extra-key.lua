-- stage: layout
-- expect: layout.androidOngoing.chips: expected nothing (the keys are fields, dropped), got table
-- A placement with a part the host does not read.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  out.androidOngoing.chips = { "late" }
  return out
end
