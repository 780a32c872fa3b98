-- expect: steps
-- Walks a 50000-key table with next, key after key: finding the key after k in the defined order looks at every key, so the walk is quadratic C work. next charges each key it looks at as it goes, so the C work budget ends the walk. Stock lua5.4's next is linear (the walk takes 0.07 s).
local t = {}
for i = 1, 50000 do t["k" .. i] = i end
local total = 0
local key, value = next(t)
while key do
  total = total + value
  key, value = next(t, key)
end
return total
