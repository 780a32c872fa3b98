-- expect: stringBytes
-- Joins 200000 pieces into one 2 MB string with table.concat; the result is past the string cap.
local pieces = {}
for i = 1, 200000 do pieces[i] = "0123456789" end
return table.concat(pieces)
