-- expect: steps
-- Raises and catches an 8000-byte error message forever: raising and unwinding is C work, charged for each error a rule's pcall catches. Stock lua5.4: still running after 20 s.
local message = string.rep("x", 8000)
while true do pcall(error, message) end
