-- expect: deadline
-- math.max over 250 arguments per call (about the most one call can pass), in a loop: 250 comparisons in C for each call instruction. Stock lua5.4: still running after 20 s; without the deadline the instruction budget would allow 0.35 s of CPU.
local values = {}
for i = 1, 250 do values[i] = i * 1.5 end
local function spin(...)
  local max = math.max
  while true do max(...) end
end
spin(table.unpack(values, 1, 250))
