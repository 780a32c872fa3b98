-- stage: layout
-- expect: layout.standBy.dropped: expected a list of at most 11 elements, got a table of length 524288
-- 524,288 references to one 8,000-byte string (8 MiB of Lua memory, within the cap), built by
-- doubling with table.move: copied out one Swift String each, they once took 4 GiB.
local layout = require "liverules.layout"

return function()
  local out = layout.each(function() return {} end)
  local dropped = { string.rep("x", 8000) }
  for _ = 1, 19 do table.move(dropped, 1, #dropped, #dropped + 1) end
  out.standBy.dropped = dropped
  return out
end
