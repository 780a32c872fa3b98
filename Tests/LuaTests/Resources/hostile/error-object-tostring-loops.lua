-- expect: runtime: error object is a table value
-- Raises a table whose __tostring never returns: the host must describe it without calling __tostring.
error(setmetatable({}, { __tostring = function() while true do end end }))
