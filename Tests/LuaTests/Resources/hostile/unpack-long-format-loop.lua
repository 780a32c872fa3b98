-- expect: steps
-- string.unpack with an 8000-byte format of padding items skips 8000 bytes per call and returns one value; the guard charges the format's length, in a loop. The C work budget (2,000,000 steps) ends it first. Stock lua5.4: still running after 20 s.
local format = ("x"):rep(8000)
local data = ("\0"):rep(8000)
local unpack = string.unpack
while true do unpack(format, data) end
