-- expect: runtime: attempt to index a boolean value
-- Writes the sealed globals' __newindex (to let assignments through) via getmetatable(_G), which the seal protects. Stock lua5.4's _G has no metatable, so there the write fails on nil.
getmetatable(_G).__newindex = rawset
leaked = true
