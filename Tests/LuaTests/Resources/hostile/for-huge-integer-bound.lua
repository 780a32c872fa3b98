-- expect: instructions
-- A numeric for up to math.maxinteger: finite in theory, endless in practice.
local sum = 0
for i = 1, math.maxinteger do sum = sum + i end
