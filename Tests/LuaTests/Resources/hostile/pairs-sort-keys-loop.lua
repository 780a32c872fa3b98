-- expect: steps
-- Starts pairs over a 50000-key table again and again, taking one key each time: each start orders all the keys in C, charged n (log n + 8) steps, so the C work budget ends it first. Stock lua5.4: still running after 20 s.
local t = {}
for i = 1, 50000 do t["k" .. i] = i end
while true do
  for k in pairs(t) do break end
end
