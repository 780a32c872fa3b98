-- expect: steps
-- tonumber(s, 36) converts an 8000-digit string in C (wrapping silently) on every call, in a loop: tonumber is charged by the length of what it converts. Stock lua5.4: still running after 20 s.
local s = string.rep("z", 8000)
local n = 0
while true do n = n + tonumber(s, 36) end
