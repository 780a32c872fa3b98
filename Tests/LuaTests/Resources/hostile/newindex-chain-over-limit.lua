-- expect: runtime: __newindex chain longer than 8 tables
-- A chain of 2100 tables linked through __newindex: setmetatable refuses a chain past 8 tables (Lua would walk up to 2000 inside one VM instruction). Stock lua5.4 raises '__newindex' chain too long after 2000 links.
local head = {}
for _ = 1, 2100 do head = setmetatable({}, { __newindex = head }) end
head.value = 1
