-- expect: runtime: '__index' chain too long
-- A table that is its own __index makes every missing-key read loop; Lua caps the chain length.
local looped = {}
setmetatable(looped, { __index = looped })
return looped.anything
