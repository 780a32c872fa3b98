-- expect: stringBytes
-- Doubles a string by concatenation; the allocator refuses the first one past the string cap.
local s = "x"
while true do s = s .. s end
