-- expect: runtime: too many results
-- Counts a 200000-value unpack with select in a loop: each turn would copy 200000 stack slots in C. Stock lua5.4: still running after 20 s.
local empty = {}
while true do
  local n = select("#", table.unpack(empty, 1, 200000))
end
