-- expect: runtime: undefined global 'load'
-- As with "=", but "@/etc/passwd" (Lua's marker for a file name). Rules have no load at all now (were it back, the error would have to name "(load)"). Stock lua5.4's message names /etc/passwd:1.
local chunk = load("local x = nil; return x.field", "@/etc/passwd")
local ok, message = pcall(chunk)
error("the loaded chunk failed: " .. tostring(message))
