-- expect: instructions
-- Orders two equal 8 KB strings (the longest a rule may build) over and over: each comparison scans both in C (strcoll), unseen by the count hook.
local a = string.rep("x", 8000)
local b = string.rep("x", 8000)
repeat until a < b
