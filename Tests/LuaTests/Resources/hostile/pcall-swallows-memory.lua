-- expect: memory
-- Catches the out-of-memory error with pcall and hoards again; the sandbox's pcall must rethrow it.
while true do
  pcall(function()
    local hoard = {}
    for i = 1, math.maxinteger do hoard[i] = {} end
  end)
end
