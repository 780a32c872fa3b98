-- expect: deadline
-- Links 1900 tables through __newindex and writes a field in a loop: each write walks the whole chain in C before it lands in the last table. Stock lua5.4: still running after 20 s; without the deadline the instruction budget would allow 4.3 s of CPU.
local last = {}
local head = last
for _ = 1, 1900 do head = setmetatable({}, { __newindex = head }) end
local i = 0
while true do
  i = i + 1
  head.value = i
end
