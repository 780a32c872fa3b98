-- expect: steps
-- utf8.len scans 8000 bytes per call in C; a loop of calls costs few instructions.
local s = string.rep("\u{e9}", 4000)
while true do utf8.len(s) end
