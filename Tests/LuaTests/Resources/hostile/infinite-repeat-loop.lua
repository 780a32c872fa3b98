-- expect: instructions
-- Spins in a repeat loop whose condition is never true; only the count hook can stop it.
local n = 0
repeat n = n + 1 until false
