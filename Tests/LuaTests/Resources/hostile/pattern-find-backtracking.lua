-- expect: steps
-- The classic backtracking bomb: four lazy ".-" over 300 bytes that never end in "y" (about n^5/120 matcher steps).
return string.rep("x", 300):find((".-"):rep(4) .. "y")
