-- expect: stringBytes
-- string.format("%q") writes each control byte as a backslash escape, doubling its length: 5000 bytes of "\1" quote to 10 KB, built in C, past the string cap. Stock lua5.4 returns the 10002-byte string.
local s = string.rep("\1", 5000)
return string.format("%q", s)
