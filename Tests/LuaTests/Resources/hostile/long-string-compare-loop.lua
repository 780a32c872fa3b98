-- expect: deadline
-- Orders two equal 8 KB strings of NUL bytes over and over: each comparison calls strcoll once per NUL-separated piece (8,000 calls, about 72 µs), in C, where the count hook sees one instruction. Stock lua5.4: runs until killed. The counted budgets would allow about 36 s of CPU here; the test's deadline is 20 ms.
local a = string.rep("\0", 8000)
local b = string.rep("\0", 8000)
repeat until a < b
