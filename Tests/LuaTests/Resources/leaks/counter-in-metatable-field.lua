-- expect: runtime: read-only
-- A pack module keeps a counter in a field of a class table that serves as a metatable (__index) of its objects: frozen when the module loads, so the write raises. Stock lua5.4 returns 1, then 2, then 3 when the script runs three times in one state.
local counter = require("modules.counter_class_table")
return tostring(counter.bump())
