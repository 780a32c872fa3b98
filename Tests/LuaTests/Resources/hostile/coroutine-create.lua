-- expect: runtime: undefined global 'coroutine'
-- A coroutine could park work between calls and resume it in the next; the library is absent, so reaching coroutine.create fails. Stock lua5.4 runs it (returns true).
local worker = coroutine.create(function() while true do coroutine.yield() end end)
return coroutine.resume(worker)
