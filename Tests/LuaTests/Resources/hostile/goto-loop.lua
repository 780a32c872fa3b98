-- expect: instructions
-- Loops with a backward goto instead of a loop statement; the count hook still sees every jump.
local n = 0
::again::
n = n + 1
goto again
