-- expect: steps
-- string.packsize parses a 6000-byte format ("i16" 2000 times) in C on every call, in a loop of calls: packsize is charged by the length of its format. Stock lua5.4: still running after 20 s.
local format = ("i16"):rep(2000)
local packsize = string.packsize
while true do packsize(format) end
