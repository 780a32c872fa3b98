-- expect: runtime: survivors: 1
-- Sets a plain metatable, then adds __mode = "v" to it and makes garbage: Lua reads __mode at each collection, but the table got a copy of the metatable as it was, so it stays strong and nothing depends on when the collector runs. Stock lua5.4: the entry may vanish, depending on the collector.
local meta = {}
local cache = setmetatable({}, meta)
meta.__mode = "v"
cache[1] = {}
for i = 1, 50000 do local garbage = { i, i * 2 } end
error("survivors: " .. #cache)
