-- expect: runtime: weak tables (__mode) are not allowed in rules
-- A weak-valued cache: what survives depends on when the collector ran, so a rule's output could change from call to call. Stock lua5.4 returns how many survived (4 on one run).
local cache = setmetatable({}, { __mode = "v" })
for i = 1, 1000 do cache[i] = {} end
local kept = 0
for _ in pairs(cache) do kept = kept + 1 end
return kept
