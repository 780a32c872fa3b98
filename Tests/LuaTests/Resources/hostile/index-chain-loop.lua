-- expect: runtime: __index leads back to the table it is set on
-- A table that is its own __index would make every missing-key read loop through Lua's 2000-link cap inside one instruction; setmetatable refuses the loop. Stock lua5.4 raises '__index' chain too long at each read.
local looped = {}
setmetatable(looped, { __index = looped })
return looped.anything
