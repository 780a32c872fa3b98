-- expect: steps
-- Copies a 16 KB string 100000 times (about 25 million steps of allocation) in under a million instructions: the allocator must stop it.
local s = string.rep("x", 16000)
for _ = 1, 100000 do local copy = s:sub(2) end
