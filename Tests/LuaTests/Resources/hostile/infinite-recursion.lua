-- expect: memory
-- Unbounded non-tail recursion grows the Lua stack; the memory cap stops it before the OS does.
local function dive(n) return dive(n + 1) + 1 end
return dive(1)
