-- expect: deadline
-- Two 8000-byte strings of "\0" that differ only in their last byte: every comparison walks all 8000 pieces before it finds the difference. Stock lua5.4: still running after 20 s; without the deadline no budget ended it within 30 s.
local a = string.rep("\0", 7999) .. "a"
local b = string.rep("\0", 7999) .. "b"
while a < b do end
