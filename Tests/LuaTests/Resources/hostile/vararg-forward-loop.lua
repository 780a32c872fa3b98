-- expect: deadline
-- Forwards a 4000-value vararg list to an empty Lua function forever: each call copies 4000 values, C work no library function is there to charge. Stock lua5.4: still running after 20 s. The counted budgets would allow 0.6 s of CPU here (the instruction budget ends it there); the test's deadline is 20 ms, so the deadline may stop it while the list grows or in the loop.
local function grow(n, ...)
  if n == 0 then
    local function ignore() end
    while true do ignore(...) end
  end
  return grow(n - 1, n, ...)
end
return grow(4000)
