-- expect: runtime: too many results
-- Tries to spread 30000 varargs into a call on every iteration (one VM instruction would copy them all, unseen by the count hook): no library function returns that many values.
local function spin(...)
  while true do select("#", ...) end
end
spin(table.unpack({}, 1, 30000))
