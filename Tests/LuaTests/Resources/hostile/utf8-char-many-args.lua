-- expect: stringBytes
-- Hands utf8.char 2000 arguments (a vararg list grown by tail calls) of the largest code point, 6 bytes each: 12 KB built in C from one call, past the string cap. Stock lua5.4 returns the 12000-byte string.
local function grow(n, ...)
  if n == 0 then return utf8.char(...) end
  return grow(n - 1, 0x7FFFFFFF, ...)
end
return grow(2000)
