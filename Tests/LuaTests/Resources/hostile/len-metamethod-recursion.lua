-- expect: runtime: stack overflow
-- A __len that takes the length of its table again, recursing through C. Stock lua5.4 stops it the same way (C stack overflow).
local meta = {}
meta.__len = function(t) return #t end
local value = setmetatable({}, meta)
return #value
