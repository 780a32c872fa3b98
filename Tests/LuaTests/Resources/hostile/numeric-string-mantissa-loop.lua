-- expect: steps
-- A numeric string of 8000 significant digits ("0." then 7998 nines): strtod must round it exactly, on every arithmetic operation of the loop (stock lua5.4: still running after 20 s). The string metatable's arithmetic charges a step per byte converted, so the C work budget ends it.
local s = "0." .. string.rep("9", 7998)
local n = 0
while true do n = s * 2 end
