-- expect: stringBytes
-- Raises an 8192-byte message (the longest string a rule may build) at level 1, so Lua prepends "file:line: " and builds a string past the cap while raising, inside a pcall that must not swallow the budget error. Stock lua5.4: still running after 20 s (an 8 KB message built and dropped on every turn).
local message = string.rep("x", 8192)
while true do
  pcall(function() error(message) end)
end
