-- expect: deadline
-- Forwards a 4000-value vararg list to an empty Lua function forever: each call copies 4000 values, C work no library function is there to charge. Stock lua5.4: still running after 20 s; without the deadline the instruction budget would allow 0.37 s of CPU.
local function grow(n, ...)
  if n == 0 then
    local function ignore() end
    while true do ignore(...) end
  end
  return grow(n - 1, n, ...)
end
return grow(4000)
