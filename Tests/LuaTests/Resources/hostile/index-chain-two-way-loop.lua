-- expect: runtime: another table's __index or __newindex already leads here
-- Two tables each other's __index: a read of a missing key would bounce between them 2000 times inside one instruction. The second link is refused, as b is already linked. Stock lua5.4 raises '__index' chain too long at each read.
local a, b = {}, {}
setmetatable(a, { __index = b })
setmetatable(b, { __index = a })
return a.missing
