-- expect: runtime: read-only
-- Steps through the globals with next and rawsets a field into every table it finds (the libraries, _G), hoping one is the real table behind its read-only face. Stock lua5.4 writes into every one.
local globals = _ENV
local key, value = next(globals)
while key ~= nil do
  if type(value) == "table" then rawset(value, "pwned", true) end
  key, value = next(globals, key)
end
return "every table took the write"
