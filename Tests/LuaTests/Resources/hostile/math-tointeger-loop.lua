-- expect: instructions
-- math.tointeger on floats at the edge of the integer range in an endless loop: the instruction budget ends it. Stock lua5.4: still running after 20 s.
local tointeger = math.tointeger
local x
repeat x = tointeger(2^63) or tointeger(-2^63) until false
