-- expect: runtime: stack overflow
-- An __add that adds its operands again: each level is a C call into the VM, so Lua's C-stack limit stops it. Stock lua5.4 stops it the same way (C stack overflow).
local meta = {}
meta.__add = function(a, b) return a + b end
local value = setmetatable({}, meta)
return value + 1
