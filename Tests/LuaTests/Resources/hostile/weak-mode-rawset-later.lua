-- expect: runtime: survivors: 1
-- Adds __mode to a metatable in use with rawset, then makes garbage: the table's own copy of its metatable never sees it, so the entry survives whatever the collector does. Stock lua5.4: the entry may vanish, depending on the collector.
local meta = {}
local cache = setmetatable({}, meta)
rawset(meta, "__mode", "v")
cache[1] = {}
for i = 1, 50000 do local garbage = { i, i * 2 } end
error("survivors: " .. #cache)
