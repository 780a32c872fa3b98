-- expect: runtime: __index chain longer than 8 tables
-- A real chain of 2100 distinct tables linked through __index (not a loop). Lua walks up to 2000 links inside one VM instruction, where no budget reaches, so setmetatable refuses a chain past 8 tables. Stock lua5.4 raises '__index' chain too long after 2000 links.
local head = { answer = 42 }
for _ = 1, 2100 do head = setmetatable({}, { __index = head }) end
return head.answer
