-- expect: deadline
-- A numeric for loop whose limit is a numeric string of 8000 digits ("000...01"): the VM converts it at every loop start, inside one instruction where no budget reaches (about 12 µs each here), and converts it again each time the outer loop goes round. The counted budgets would allow about 3 s of CPU here; the test's deadline is 20 ms. Stock lua5.4: runs until killed.
local limit = string.rep("0", 7999) .. "1"
while true do
  for _ = 1, limit do end
end
