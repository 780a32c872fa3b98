-- expect: steps
-- Sorts a 100000-element table again and again: n log n comparisons per call in C.
local t = {}
for i = 1, 100000 do t[i] = (i * 7919) % 100003 end
while true do table.sort(t) end
