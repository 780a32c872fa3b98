-- expect: runtime: the finalizer never ran
-- Adds a looping __gc to a metatable in use with rawset: the table's copy of the metatable (its twin) never sees it. Stock lua5.4 takes the field silently.
local meta = {}
local object = setmetatable({}, meta)
rawset(meta, "__gc", function() while true do end end)
object = nil
for i = 1, 20000 do local garbage = { i, i * 2 } end
error("the finalizer never ran")
