-- expect: runtime: stack overflow
-- An __eq that compares its operands again (two distinct tables sharing it), recursing through C. Stock lua5.4 stops it the same way (C stack overflow).
local meta = {}
meta.__eq = function(a, b) return a == b end
local a, b = setmetatable({}, meta), setmetatable({}, meta)
return a == b
