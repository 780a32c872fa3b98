-- expect: runtime: read-only
-- A pack module keeps a counter in its own module table (M.calls = M.calls + 1): the module table is frozen when it loads, so the write raises. Stock lua5.4 returns 1, then 2, then 3 when the script runs three times in one state.
local counter = require("modules.counter_module_table")
return tostring(counter.bump())
