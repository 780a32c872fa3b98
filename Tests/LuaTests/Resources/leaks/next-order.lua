-- expect: deterministic
-- Walks a table with next(t, k) by hand instead of pairs: next must give the same defined order. Stock lua5.4 gave "grape=5 cherry=6 banana=6 ...", then "banana=6 elderberry=10 ...", then "elderberry=10 date=4 ...".
local t = {}
for _, word in ipairs({ "kiwi", "apple", "fig", "banana", "cherry", "date", "elderberry", "grape" }) do
  t[word] = #word
end
local parts = {}
local key, value = next(t)
while key ~= nil do
  parts[#parts + 1] = key .. "=" .. value
  key, value = next(t, key)
end
return table.concat(parts, " ")
