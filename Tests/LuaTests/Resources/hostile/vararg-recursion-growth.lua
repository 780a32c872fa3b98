-- expect: memory
-- Recurses without tail calls, each level passing one more vararg: level n keeps its own copy of n values, so the Lua stack grows quadratically until the memory cap. Stock lua5.4 ends in its own stack overflow after 0.03 s.
local function grow(n, ...)
  local total = grow(n + 1, n, ...)
  return total + select("#", ...)
end
return grow(1)
