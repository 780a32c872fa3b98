-- expect: runtime: rules may load text chunks given as strings only
-- Feeds load a reader function, which could hand it bytes piece by piece (and binary ones).
local sent = false
return load(function() if sent then return nil end sent = true return "\27Lua" end)
