-- expect: deterministic
-- A table with holes (integer keys 1, 2, 4, 8, 16, 100 after some were removed) and a few string keys: where the integers land (array part or hash part) and where the strings fall between them depends on the seed. Stock lua5.4 gave "1=10 2=20 4=40 8=80 100=1000 middle=m ...", then "1=10 2=20 4=40 right=r 8=80 ...", then "... right=r 8=80 100=1000 ...".
local t = { 10, 20, 30, 40, 50, 60, 70, 80 }
t[3], t[5], t[6], t[7] = nil, nil, nil, nil
t[16], t[100] = 160, 1000
t.left, t.right, t.middle = "l", "r", "m"
local parts = {}
for k, v in pairs(t) do parts[#parts + 1] = tostring(k) .. "=" .. tostring(v) end
return table.concat(parts, " ")
