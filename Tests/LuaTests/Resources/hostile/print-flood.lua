-- expect: steps
-- Prints 8 KB lines forever, flooding the host's logger.
local line = string.rep("x", 8000)
while true do print(line) end
