-- expect: instructions
-- Inserts keys k * 2^20 (which pile into one bucket where a hash takes the low bits) and reads them back in a loop; Lua 5.4 hashes integers modulo an odd number, so they spread and the loop is plain VM work. Stock lua5.4: still running after 20 s.
local t = {}
for k = 1, 4096 do t[k * 2^20 // 1] = k end
local n = 0
while true do
  for k = 1, 4096 do n = n + t[k * 2^20 // 1] end
end
