-- expect: steps
-- gsub retries a catastrophic pattern at every position of the subject.
return (string.rep("a", 500):gsub(("a-"):rep(4) .. "b", "c"))
