-- expect: steps
-- Inserting at position 1 shifts every element each time: quadratic C work for linear instructions.
local t = {}
for i = 1, math.maxinteger do table.insert(t, 1, i) end
