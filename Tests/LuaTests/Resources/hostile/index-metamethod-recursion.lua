-- expect: runtime: stack overflow
-- An __index function that indexes its own table recurses through C metamethod calls until Lua's C-stack limit.
local t = setmetatable({}, { __index = function(self, key) return self[key .. "!"] end })
return t.x
