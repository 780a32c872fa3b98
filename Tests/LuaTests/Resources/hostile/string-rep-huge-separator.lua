-- expect: stringBytes
-- string.rep of an empty string 260000 times with an 8000-byte separator: a 2 GB result from one C call, refused before anything is copied. Stock lua5.4 builds the 2 GB string (6 s, 4 GB resident).
local separator = string.rep("-", 8000)
return #string.rep("", 260000, separator)
