-- expect: deterministic
-- Reads and writes globals keyed by a table and returns the sandbox's own error messages: they name the key, and must name it without an address ("table", not "table: 0x55..."). Stock lua5.4 raises nothing here, and its tostring of the key is "table: 0x55ab776214d0", then 0x55992b3e64d0, then 0x5647577b04d0.
local key = {}
local _, readMessage = pcall(function() return _ENV[key] end)
local _, writeMessage = pcall(function() _ENV[key] = 1 end)
return tostring(readMessage) .. " | " .. tostring(writeMessage) .. " | " .. tostring(key)
