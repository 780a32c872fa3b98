-- expect: steps
-- A __len that claims 10^15 elements makes table.insert at position 1 plan to shift them all.
local liar = setmetatable({}, { __len = function() return 1000000000000000 end })
table.insert(liar, 1, "x")
