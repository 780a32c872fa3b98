-- expect: deadline
-- Orders two equal 8 KB strings of NUL bytes over and over: each comparison calls strcoll once per NUL-separated piece (8,000 calls), in C, where the count hook sees one instruction. stock lua5.4: runs until killed. The deadline ends it.
local a = string.rep("\0", 8000)
local b = string.rep("\0", 8000)
repeat until a < b
