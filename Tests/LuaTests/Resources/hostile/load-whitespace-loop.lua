-- expect: runtime: undefined global 'load'
-- Compiles 8 KB of blanks over and over: parsing is C work the count hook does not see, so load charges the C work budget per byte. Rules have no load at all now.
local blanks = string.rep(" ", 8000)
while true do load(blanks) end
