-- expect: instructions
-- Proper tail calls recurse forever in constant stack space: only the count hook can stop them.
local function spin(n) return spin(n + 1) end
return spin(1)
