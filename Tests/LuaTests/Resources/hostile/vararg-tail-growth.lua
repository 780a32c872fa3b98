-- expect: deadline
-- Grows a vararg list by one value per tail call, forever: each level copies the whole list in C (for the call and again for the tail-call move), quadratic work the count hook sees as a few instructions per level. Stock lua5.4: still running after 20 s; without the deadline no budget ended it within 30 s.
local function grow(n, ...)
  return grow(n + 1, n, ...)
end
return grow(1)
