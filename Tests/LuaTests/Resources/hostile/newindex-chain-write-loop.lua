-- expect: runtime: __newindex chain longer than 8 tables
-- Links 1900 tables through __newindex to write a field in a loop: each write would walk the whole chain in C before it lands (stock lua5.4: still running after 20 s). setmetatable refuses the ninth link.
local last = {}
local head = last
for _ = 1, 1900 do head = setmetatable({}, { __newindex = head }) end
local i = 0
while true do
  i = i + 1
  head.value = i
end
