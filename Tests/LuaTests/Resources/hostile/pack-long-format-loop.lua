-- expect: steps
-- string.pack with ("i16"):rep(250) converts 250 integers into a 4000-byte string per call, in a loop. Stock lua5.4: still running after 20 s; the C work budget (2,000,000 steps, one per format byte) ends it first.
local format = ("i16"):rep(250)
local values = {}
for i = 1, 250 do values[i] = i end
local pack, unpack = string.pack, table.unpack
while true do pack(format, unpack(values, 1, 250)) end
