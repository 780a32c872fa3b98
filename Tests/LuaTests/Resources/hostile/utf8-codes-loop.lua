-- expect: instructions
-- Walks an 8000-byte string of 4-byte characters with utf8.codes over and over: each character is a for-loop turn the count hook sees (with some arithmetic per turn), so the instruction budget ends it. Stock lua5.4: still running after 20 s.
local s = string.rep("\u{10FFFF}", 2000)
local n = 0
while true do
  for _, code in utf8.codes(s) do n = n + code; n = n - code; n = n * 1; n = n + 1; n = n - 1 end
end
