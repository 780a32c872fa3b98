-- expect: steps
-- string.format("%.99f", 1e308) prints 409 digits through the C library's big-number conversion, a few microseconds of C work per call, in a loop. Stock lua5.4: still running after 20 s; float conversions are charged 512 steps each, so the C work budget ends it first.
local format = string.format
while true do format("%.99f", 1e308) end
