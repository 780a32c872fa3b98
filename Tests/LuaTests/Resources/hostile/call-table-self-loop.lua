-- expect: runtime: attempt to call a table value
-- Makes a table its own __call after setmetatable: Lua would retry the call inside one VM instruction, shifting a growing argument list each time, forever (no hook fires). The table keeps the copy of its metatable made when it was set (without __call). Stock lua5.4: still running after 120 s.
local t = setmetatable({}, {})
getmetatable(t).__call = t
return t()
