-- expect: steps
-- utf8.char over 250 arguments per call, in a loop: 250 encodings and a 1500-byte string in C for each call instruction (stock lua5.4: still running after 20 s). utf8.char charges eight steps per argument, so the C work budget ends it.
local codes = {}
for i = 1, 250 do codes[i] = 0x7FFFFFFF - i end
local function spin(...)
  local char = utf8.char
  while true do char(...) end
end
spin(table.unpack(codes, 1, 250))
