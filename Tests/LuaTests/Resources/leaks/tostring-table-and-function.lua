-- expect: deterministic
-- tostring of a table, a Lua function and a library function: stock Lua prints their addresses, which change with every run (address-space randomization). Stock lua5.4 gave "table: 0x55dbfd3e3140 ...", then "table: 0x55a765ae9140 ...", then "table: 0x5592840a1140 ...".
return tostring({}) .. " " .. tostring(function() end) .. " " .. tostring(print)
