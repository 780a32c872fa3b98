-- expect: steps
-- math.max over 250 arguments per call (about the most one call can pass), in a loop: 250 comparisons in C for each call instruction (stock lua5.4: still running after 20 s). math.max and math.min charge two steps per argument, so the C work budget ends it.
local values = {}
for i = 1, 250 do values[i] = i * 1.5 end
local function spin(...)
  local max = math.max
  while true do max(...) end
end
spin(table.unpack(values, 1, 250))
