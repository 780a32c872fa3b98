-- expect: steps
-- Recursion through pcall: each level catches the C-stack overflow of the next and retries forever; unwinding is C work the hook cannot see, so each caught error is charged.
local function retry()
  while true do pcall(retry) end
end
retry()
