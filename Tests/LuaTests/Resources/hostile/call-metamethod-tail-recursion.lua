-- expect: instructions
-- A callable table whose __call tail-calls the table again: no stack grows (tail calls reuse the frame), so it loops until the instruction budget. Stock lua5.4: still running after 20 s.
local callable = setmetatable({}, { __call = function(self, n) return self(n + 1) end })
return callable(1)
