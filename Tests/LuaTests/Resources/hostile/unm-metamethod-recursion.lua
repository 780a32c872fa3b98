-- expect: runtime: stack overflow
-- An __unm that negates its operand again, recursing through C. Stock lua5.4 stops it the same way (C stack overflow).
local meta = {}
meta.__unm = function(a) return -a end
local value = setmetatable({}, meta)
return -value
