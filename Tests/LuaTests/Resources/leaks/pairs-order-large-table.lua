-- expect: deterministic
-- The order pairs visits 300 string keys: with this many, the seeded hash reorders them on practically every run. Stock lua5.4 gave key70,key233,..., then key203,key161,..., then key70,key73,....
local t = {}
for i = 1, 300 do t["key" .. i] = i end
local keys = {}
for k in pairs(t) do keys[#keys + 1] = k end
return table.concat(keys, ",")
