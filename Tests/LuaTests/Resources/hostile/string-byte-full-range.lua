-- expect: runtime: too many results
-- string.byte(s, 1, -1) on an 8 KB string returns 8000 values; spread into select in a loop it would copy them on every turn. Stock lua5.4: still running after 20 s.
local s = string.rep("\255", 8000)
while true do
  local n = select("#", s:byte(1, -1))
end
