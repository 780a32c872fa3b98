-- expect: runtime: attempt to index a boolean value
-- Reaches into the string metatable's __index to replace one method for every string: the metatable is protected, so getmetatable("") gives false. Stock lua5.4 replaces upper for every string (returns pwned).
getmetatable("").__index.upper = function() return "pwned" end
return ("x"):upper()
