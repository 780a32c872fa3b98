-- expect: steps
-- Starts pairs over a table of 400 string keys of 8000 bytes that share all but their last bytes: ordering them compares long strings about n log n times. pairs charges the bytes its comparisons may read, so the C work budget ends the loop.
local t = {}
local prefix = string.rep("k", 7990)
for i = 1, 400 do t[prefix .. string.format("%010d", i)] = i end
while true do
  for _ in pairs(t) do break end
end
