-- expect: memory
-- A callable table whose __call calls the table again (not a tail call) recurses until the memory cap.
local callable = setmetatable({}, { __call = function(self, n) return self(n + 1) + 1 end })
return callable(1)
