-- expect: runtime: error object is a table value
-- Raises a table whose __tostring raises: the host must describe it without calling __tostring.
error(setmetatable({}, { __tostring = function() error("tostring strikes back") end }))
