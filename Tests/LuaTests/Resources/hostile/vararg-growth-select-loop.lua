-- expect: steps
-- Grows a vararg list to 4000 values through tail calls, then counts it with select('#', ...) forever: each turn copies 4000 values in one instruction, so select is charged per argument. Stock lua5.4: still running after 20 s.
local function grow(n, ...)
  if n == 0 then
    while true do select("#", ...) end
  end
  return grow(n - 1, n, ...)
end
return grow(4000)
