-- expect: runtime: another table's __index or __newindex already leads here
-- Builds a chain front to back, so that each setmetatable sees a short chain: a is linked to b while b has no link yet, then b to c, and so on, for 1900 tables. Each link would lengthen every chain already leading to it, unseen; so a table some __index already leads to cannot take a link of its own. Stock lua5.4: the reads loop for over 20 s.
local tables = {}
for i = 1, 1900 do tables[i] = {} end
tables[1900].answer = 42
for i = 1, 1899 do setmetatable(tables[i], { __index = tables[i + 1] }) end
local n = 0
while true do n = n + tables[1].answer end
