-- expect: runtime: read-only
-- Takes the state value pairs returns for the string library (if it were the real table behind the read-only proxy, rawset would replace string.format for every rule) and rawsets into it. Stock lua5.4 hands out the string table itself, and the rawset replaces string.format.
local _, state = pairs(string)
local target = type(state) == "table" and state or string
rawset(target, "format", function() return "pwned" end)
return string.format("%d", 1)
