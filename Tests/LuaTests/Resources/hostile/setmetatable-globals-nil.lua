-- expect: runtime: cannot change a protected metatable
-- Removes the metatable of _G to lift the seal.
setmetatable(_G, nil)
