-- expect: runtime: read-only
-- A pack module keeps a counter in a table held by a top-level local and bumps it from a function: each presentation would see a different count. Tables built when the pack loads are frozen, so the write raises. Stock lua5.4 returns 1, then 2, then 3 when the script runs three times in one state.
local counter = require("modules.counter_local_table")
return tostring(counter.bump())
