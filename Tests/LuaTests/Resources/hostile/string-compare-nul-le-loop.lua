-- expect: deadline
-- As the strict comparison, with <=: 8000 strcoll calls per comparison of two 8000-byte "\0" strings, in a loop that never ends (a <= b is true, so it spins on while). Stock lua5.4: still running after 20 s. The counted budgets would allow about 36 s of CPU here; the test's deadline is 20 ms.
local a = string.rep("\0", 8000)
local b = string.rep("\0", 8000)
while a <= b do end
