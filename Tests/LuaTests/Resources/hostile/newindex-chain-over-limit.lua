-- expect: runtime: '__newindex' chain too long
-- A chain of 2100 tables linked through __newindex: Lua stops after 2000 links with an error. Stock lua5.4 raises the same error.
local head = {}
for _ = 1, 2100 do head = setmetatable({}, { __newindex = head }) end
head.value = 1
