-- expect: steps
-- Walks a table of 400 keys of 8000 bytes with next, key after key: each step compares every key with two others, each comparison reading up to 8000 bytes. next charges the bytes it compares, so the C work budget ends the walk.
local t = {}
local prefix = string.rep("k", 7990)
for i = 1, 400 do t[prefix .. string.format("%010d", i)] = i end
while true do
  local key = next(t)
  while key do key = next(t, key) end
end
