-- expect: runtime: stack overflow
-- A __concat that concatenates its operands again, recursing through C until the C-stack limit. Stock lua5.4 stops it the same way (C stack overflow).
local meta = {}
meta.__concat = function(a, b) return a .. b end
local value = setmetatable({}, meta)
return value .. "x"
