-- expect: runtime: too many results
-- string.unpack with ("i8"):rep(500) returns 501 values from one call (a 1000-byte format over 4000 bytes), spread into select in a loop. Stock lua5.4: still running after 20 s.
local format = ("i8"):rep(500)
local data = ("\1"):rep(4000)
while true do
  local n = select("#", string.unpack(format, data))
end
