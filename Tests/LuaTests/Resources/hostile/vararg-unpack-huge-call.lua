-- expect: runtime: too many results
-- Spreads 200000 values into a Lua function call with table.unpack (one instruction would copy them all, again on every call): no library function may return that many. Stock lua5.4: still running after 20 s.
local t = {}
for i = 1, 200 do t[i] = i end
local function count(...) return select("#", ...) end
local total = 0
while true do total = total + count(table.unpack(t, 1, 200000)) end
