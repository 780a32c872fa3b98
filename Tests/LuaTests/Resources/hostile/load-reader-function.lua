-- expect: runtime: undefined global 'load'
-- Feeds load a reader function, which could hand it bytes piece by piece (and binary ones). Rules have no load at all now.
local sent = false
return load(function() if sent then return nil end sent = true return "\27Lua" end)
