-- expect: runtime: stack overflow
-- A __tostring that calls tostring on its own table again: tostring calls the metamethod from C, recursing until the C-stack limit; the overflow (raised in C, so unlocated) is caught and raised again from the rule's line. Stock lua5.4 stops it the same way (C stack overflow).
local meta = {}
meta.__tostring = function(t) return tostring(t) end
local value = setmetatable({}, meta)
local ok, message = pcall(tostring, value)
error(message)
