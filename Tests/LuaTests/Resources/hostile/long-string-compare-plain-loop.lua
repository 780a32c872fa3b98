-- expect: instructions
-- Orders two equal strings of 8000 bytes (no NUL bytes) over and over: each comparison reads all 8000 bytes in one VM instruction. The string length limit bounds that work, so the instruction budget ends the loop; this is the costliest instruction there is (about 0.27 µs here), the figure the serving deadline is computed from.
local a = string.rep("a", 8000)
local b = string.rep("a", 8000)
repeat until a < b
