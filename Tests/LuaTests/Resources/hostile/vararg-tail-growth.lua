-- expect: deadline
-- Grows a vararg list by one value per tail call, forever: each level copies the whole list in C (for the call and again for the tail-call move), quadratic work the count hook sees as a few instructions per level. Stock lua5.4: still running after 20 s. No counted budget ended it within 30 s here; the test's deadline is 20 ms.
local function grow(n, ...)
  return grow(n + 1, n, ...)
end
return grow(1)
