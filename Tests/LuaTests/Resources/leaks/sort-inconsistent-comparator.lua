-- expect: deterministic
-- Sorts with a comparator that contradicts itself (a % 7 < b % 5) and returns what happened, the error or the order: either must be the same in every state. Stock lua5.4 gives the same error and order on every run (its pivots stay in the middle here).
local t = {}
for i = 1, 500 do t[i] = i end
local ok, message = pcall(table.sort, t, function(a, b) return a % 7 < b % 5 end)
return tostring(ok) .. " " .. tostring(message) .. " " .. table.concat(t, ",", 1, 40)
