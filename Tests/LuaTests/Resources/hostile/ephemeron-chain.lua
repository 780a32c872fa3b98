-- expect: runtime: weak tables (__mode) are not allowed in rules
-- Builds a chain of 20000 weak-keyed (ephemeron) tables, each key reachable only through the previous table's value, stored zigzag so every pass of the collector's convergence loop advances the chain by one link: the atomic phase (where no hook runs) goes quadratic, and allocating garbage starts it over and over. setmetatable refuses __mode. Stock lua5.4: one full collection of this chain takes 1.6 s (7.2 s at 40000 links); the loop was still collecting after 20 s.
local n = 20000
local keys = {}
for i = 0, n do keys[i] = {} end
local zigzag = {}
for i = 1, n do
  local ephemeron = setmetatable({}, { __mode = "k" })
  ephemeron[keys[i - 1]] = keys[i]
  local position = (i % 2 == 1) and (i + 1) // 2 or n - i // 2 + 1
  zigzag[position] = ephemeron
end
local root = keys[0]
keys = nil
while true do
  local garbage = {}
  for i = 1, 1000 do garbage[i] = {} end
end
