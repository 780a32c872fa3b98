-- expect: runtime: undefined global 'coroutine'
-- Coroutines could hide work between calls; the library is absent, so reaching it fails.
local gen = coroutine.wrap(function() while true do coroutine.yield(1) end end)
return gen()
