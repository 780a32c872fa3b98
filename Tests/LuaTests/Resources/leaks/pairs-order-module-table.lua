-- expect: deterministic
-- Lists the fields of a pack module's table (frozen when it loads) with pairs: the order must be the defined one, not the seeded hash's. Stock lua5.4 gave "octagon=8 nonagon=9 ...", then "pentagon=5 heptagon=7 ...", then "nonagon=9 square=4 ...".
local shapes = require("modules.shapes")
local parts = {}
for name, sides in pairs(shapes) do parts[#parts + 1] = name .. "=" .. sides end
return table.concat(parts, " ")
