-- expect: steps
-- Builds 8 KB strings from 1-byte pieces, 20000 times: string.rep charges a step per piece.
local rep = string.rep
for _ = 1, 20000 do rep("x", 8000) end
