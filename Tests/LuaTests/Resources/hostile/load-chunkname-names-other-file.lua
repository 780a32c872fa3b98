-- expect: runtime: undefined global 'load'
-- load with a chunk name that names another file ("=/etc/passwd"): errors in the loaded chunk would point at a file the rule does not own. Rules have no load at all now (were it back, the error would have to name "(load)", never /etc/passwd). Stock lua5.4's message names /etc/passwd:1.
local chunk = load("error('x')", "=/etc/passwd")
local ok, message = pcall(chunk)
error("the loaded chunk failed: " .. tostring(message))
