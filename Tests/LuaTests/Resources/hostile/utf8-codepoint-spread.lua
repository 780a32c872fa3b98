-- expect: runtime: too many results
-- utf8.codepoint over a whole 8000-character string returns 8000 values, spread into a call in a loop. Stock lua5.4: still running after 20 s.
local s = string.rep("a", 8000)
while true do
  local n = select("#", utf8.codepoint(s, 1, -1))
end
