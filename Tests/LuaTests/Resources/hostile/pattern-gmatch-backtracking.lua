-- expect: steps
-- gmatch searches for a catastrophic pattern; a single iterator call never finds it.
for word in string.rep("a", 500):gmatch(("%a-"):rep(4) .. "%d") do return word end
