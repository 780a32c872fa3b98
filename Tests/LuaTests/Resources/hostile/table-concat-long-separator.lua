-- expect: stringBytes
-- table.concat of three one-byte pieces with an 8000-byte separator: a 16 KB result from one C call, past the string cap. Stock lua5.4 returns the 16003-byte string.
local separator = string.rep("-", 8000)
return table.concat({ "a", "b", "c" }, separator)
