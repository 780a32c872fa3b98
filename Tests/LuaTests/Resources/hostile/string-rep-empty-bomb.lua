-- expect: stringBytes
-- string.rep("", 1e15) must return at once instead of looping; its separators alone then overflow the cap.
assert(string.rep("", 1e15) == "")
return string.rep("", 1e15, ",")
