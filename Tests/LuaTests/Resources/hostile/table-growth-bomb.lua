-- expect: memory
-- Fills a table with fresh tables forever; every one stays reachable, so only the memory cap stops it.
local hoard = {}
for i = 1, math.maxinteger do hoard[i] = {} end
