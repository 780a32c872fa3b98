-- stage: layout
-- expect: layout: expected at most 8 keys, got a table of more than 24 keys
-- 100,000 extra keys in the layout: the check stops counting past what it may name.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  for i = 1, 100000 do out["k" .. i] = true end
  return out
end
