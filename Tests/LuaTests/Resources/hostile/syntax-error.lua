-- expect: syntax: unexpected symbol near '='
-- A chunk that does not compile fails in load, before anything runs.
local x = = 1
