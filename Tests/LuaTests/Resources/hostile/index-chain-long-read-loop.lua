-- expect: deadline
-- Links 1900 tables through __index (just under Lua's limit of 2000) and reads a key only the last one has, in a loop: each read walks the chain in C, one instruction to the count hook. Stock lua5.4: still running after 20 s; without the deadline the instruction budget would allow 4.2 s of CPU.
local last = { answer = 42 }
local head = last
for _ = 1, 1900 do head = setmetatable({}, { __index = head }) end
local n = 0
while true do n = n + head.answer end
