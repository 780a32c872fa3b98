-- expect: runtime: attempt to index a boolean value
-- Tries to redirect every string method; the string metatable is locked, so getmetatable returns false.
getmetatable("").__index = { upper = function() return "pwned" end }
