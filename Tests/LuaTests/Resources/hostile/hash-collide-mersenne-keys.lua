-- expect: deadline
-- Lua 5.4 hashes an integer key modulo 2^k - 1 of its node count, so 4096 multiples of 4095 all land in one chain of a 4096-node hash part; every lookup of a missing multiple then walks all 4096 nodes in C, one instruction to the count hook. Stock lua5.4: still running after 20 s. The counted budgets would allow 4.7 s of CPU here (no host can charge a table lookup); the test's deadline is 20 ms.
local t = {}
for k = 1, 4096 do t[k * 4095] = k end
local missing = 5000 * 4095
local found
repeat found = t[missing] until found
