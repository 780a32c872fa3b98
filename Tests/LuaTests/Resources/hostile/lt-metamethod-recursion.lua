-- expect: runtime: stack overflow
-- An __lt that orders its operands again, recursing through C. Stock lua5.4 stops it the same way (C stack overflow).
local meta = {}
meta.__lt = function(a, b) return a < b end
local a, b = setmetatable({}, meta), setmetatable({}, meta)
return a < b
