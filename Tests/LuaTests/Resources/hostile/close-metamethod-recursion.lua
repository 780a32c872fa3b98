-- expect: runtime: stack overflow
-- A __close that declares another to-be-closed value of the same kind: closing one runs a function that closes the next, each a C call, until the C-stack limit. Stock lua5.4 stops it the same way (C stack overflow).
local meta = {}
meta.__close = function()
  local again <close> = setmetatable({}, meta)
end
do
  local first <close> = setmetatable({}, meta)
end
