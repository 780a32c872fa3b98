-- expect: memory
-- Keeps creating closures, each with its own upvalue, until the memory cap.
local closures = {}
for i = 1, math.maxinteger do closures[i] = function() return i end end
