-- expect: instructions
-- A chain of exactly 8 __index tables is allowed (classes rarely go deeper than 3): reading through it in a loop walks 8 tables per read, bounded work the instruction budget ends.
local head = { answer = 1 }
for _ = 1, 7 do head = setmetatable({}, { __index = head }) end
local n = 0
while true do n = n + head.answer end
