-- expect: runtime: stack overflow
-- A __newindex function that assigns the same missing field again, recursing through C. Stock lua5.4 stops it the same way (C stack overflow).
local meta = {}
meta.__newindex = function(t, k, v) t[k] = v end
local value = setmetatable({}, meta)
value.field = 1
