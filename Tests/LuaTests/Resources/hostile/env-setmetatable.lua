-- expect: runtime: cannot change a protected metatable
-- Replaces the metatable of _ENV to lift the seal.
setmetatable(_ENV, { __newindex = rawset })
