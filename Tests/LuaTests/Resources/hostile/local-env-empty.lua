-- expect: runtime: attempt to index a nil value (global 'os')
-- A fresh local _ENV is allowed, but it holds nothing to escape with.
local _ENV = {}
os.exit(1)
