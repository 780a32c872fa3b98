-- expect: deadline
-- Two 8000-byte strings of "\0" that differ only in their last byte: every comparison walks all 8000 pieces before it finds the difference. Stock lua5.4: still running after 20 s. The counted budgets would allow about 36 s of CPU here; the test's deadline is 20 ms.
local a = string.rep("\0", 7999) .. "a"
local b = string.rep("\0", 7999) .. "b"
while a < b do end
