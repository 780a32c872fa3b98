-- expect: instructions
-- Spins in a while loop that never ends; only the count hook can stop it.
local n = 0
while true do n = n + 1 end
