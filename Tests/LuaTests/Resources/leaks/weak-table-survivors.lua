-- expect: runtime: weak tables (__mode) are not allowed in rules
-- Counts what survives in a weak-valued table after making garbage: the answer depends on when the collector ran. Stock lua5.4 returns how many survived (0 on these runs; any number up to 2000 is possible).
local cache = setmetatable({}, { __mode = "v" })
for i = 1, 2000 do cache[i] = { i } end
local churn = {}
for i = 1, 20000 do churn[i % 100] = { i } end
local alive = 0
for _ in pairs(cache) do alive = alive + 1 end
return tostring(alive)
