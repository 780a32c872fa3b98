-- expect: runtime: __index chain longer than 8 tables
-- Links 1900 tables through __index (just under Lua's limit of 2000) to read a key only the last one has, in a loop: each read would walk the chain in C, one instruction to the count hook (stock lua5.4: still running after 20 s). setmetatable refuses the ninth link, so no read walks more than 8 tables.
local last = { answer = 42 }
local head = last
for _ = 1, 1900 do head = setmetatable({}, { __index = head }) end
local n = 0
while true do n = n + head.answer end
