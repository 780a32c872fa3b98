-- expect: runtime: read-only
-- A rule counts its calls in a field of a module it required (shared by every rule and every presentation): the module table is read-only. Stock lua5.4 returns 1, then 2, then 3 when the script runs three times in one state.
local shapes = require("modules.shapes")
shapes.calls = (shapes.calls or 0) + 1
return tostring(shapes.calls)
