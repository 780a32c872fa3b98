-- expect: deterministic
-- Catches an error whose value is a table and turns it into text: stock Lua's tostring of the caught table shows its address. Stock lua5.4 gave "false table: 0x561f0eb2c230 7", then 0x555971c3f230, then 0x5576f5ca7230.
local ok, caught = pcall(error, { code = 7 })
return tostring(ok) .. " " .. tostring(caught) .. " " .. tostring(caught.code)
