-- expect: steps
-- Arithmetic on a long numeric string converts it with strtod on every operation: "1e308" followed by 8000 zeros (an enormous exponent), in a loop (stock lua5.4: still running after 20 s). The string metatable's arithmetic charges a step per byte converted, so the C work budget ends it.
local s = "1e308" .. string.rep("0", 8000)
local n = 0
while true do n = s + 1 end
