-- expect: runtime: undefined global 'debug'
-- Removes the count hook through the debug library.
debug.sethook()
while true do end
