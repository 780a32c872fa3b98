-- expect: stringBytes
-- Asks string.rep for a gigabyte; the guard refuses it before copying a byte.
return string.rep("x", 1 << 30)
