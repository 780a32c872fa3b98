-- expect: runtime: the finalizer never ran
-- Adds a looping __gc to a metatable after setmetatable accepted it, then makes garbage. The table got a copy of the metatable as it was (a twin), so the finalizer is never registered. Stock lua5.4 takes the field silently (and 5.4 ignores it too).
local meta = {}
local object = setmetatable({}, meta)
meta.__gc = function() while true do end end
object = nil
for i = 1, 20000 do local garbage = { i, i * 2 } end
error("the finalizer never ran")
