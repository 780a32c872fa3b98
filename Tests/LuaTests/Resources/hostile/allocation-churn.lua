-- expect: steps
-- Copies an 8 KB string 100000 times (about 12 million steps of allocation) in under a million instructions: the allocator must stop it.
local s = string.rep("x", 8000)
for _ = 1, 100000 do local copy = s:sub(2) end
