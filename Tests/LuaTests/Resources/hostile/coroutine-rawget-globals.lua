-- expect: runtime: attempt to index a nil value
-- Reads coroutine from the globals table raw, past the sealed globals' __index: the raw table holds nothing, so the library is still not there. Stock lua5.4 reaches the library (returns false).
local library = rawget(_G, "coroutine")
return library.isyieldable()
