-- expect: steps
-- Prints 16 KB lines forever, flooding the host's logger.
local line = string.rep("x", 16000)
while true do print(line) end
