-- expect: runtime: undefined global 'coroutine'
-- Looks coroutine up as a field of _ENV instead of as a bare name; the sealed globals raise all the same. Stock lua5.4 reaches the library (returns the running thread, named by its address).
local running = _ENV.coroutine.running
return running()
