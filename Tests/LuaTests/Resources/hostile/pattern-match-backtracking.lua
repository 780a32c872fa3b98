-- expect: steps
-- Greedy "x*" items backtrack against each other over a subject with no final "y".
return string.rep("x", 2000):match(("x*"):rep(6) .. "y")
