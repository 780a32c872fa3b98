-- expect: steps
-- Sorts 200 strings of 8000 bytes that differ only in their last bytes, again and again: each comparison reads 8000 bytes in C. table.sort charges the bytes its comparisons may read besides two steps per comparison, so the C work budget ends it first.
local list = {}
local prefix = string.rep("x", 7990)
for i = 1, 200 do list[i] = prefix .. string.format("%010d", (i * 7919) % 200) end
while true do
  table.sort(list)
  table.sort(list, function(a, b) return a > b end)
end
