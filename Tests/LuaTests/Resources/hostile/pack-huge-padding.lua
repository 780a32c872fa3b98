-- expect: stringBytes
-- string.pack("c4000000", "") pads the empty string to 4 MB one byte at a time in C; the result is past the string cap. Stock lua5.4 returns the 4 MB string.
return string.pack("c4000000", "")
