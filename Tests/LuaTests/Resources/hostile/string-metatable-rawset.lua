-- expect: runtime: bad argument
-- rawsets a new __index into the string metatable, past its __newindex: getmetatable("") gives false, not the table. Stock lua5.4 replaces every string method.
rawset(getmetatable(""), "__index", { upper = function() return "pwned" end })
return ("x"):upper()
