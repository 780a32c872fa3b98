-- expect: deterministic
-- The order pairs visits four string keys: Lua places strings by a hash seeded per state, so a rule that joins keys in pairs order would print different text on different runs. Stock lua5.4 gave "blue red green amber", then "green red amber blue", then "blue green amber red".
local colours = { red = 1, green = 2, blue = 3, amber = 4 }
local keys = {}
for name in pairs(colours) do keys[#keys + 1] = name end
return table.concat(keys, " ")
