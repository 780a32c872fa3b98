-- expect: runtime: '__index' chain too long
-- A real chain of 2100 distinct tables linked through __index (not a loop): Lua stops after 2000 links with an error instead of walking on. Stock lua5.4 raises the same error.
local head = { answer = 42 }
for _ = 1, 2100 do head = setmetatable({}, { __index = head }) end
return head.answer
