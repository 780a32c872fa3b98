-- expect: instructions
-- Recursion through pcall: each level catches the C-stack overflow of the next and retries forever.
local function retry()
  while true do pcall(retry) end
end
retry()
