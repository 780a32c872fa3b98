-- expect: runtime: undefined global 'load'
-- Loads a chunk that keeps a counter in an upvalue (a top-level local the returned function assigns), state carried from one call to the next. Rules have no load at all now (were it back, its chunks would have to pass the purity check: "a function assigns"). Stock lua5.4 runs it and returns 3.
local chunk, message = load("local n = 0 return function() n = n + 1 return n end")
if not chunk then error(message) end
local counter = chunk()
return counter() + counter()
