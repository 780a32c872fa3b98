-- expect: runtime: pattern too complex
-- 300 optional items nest the matcher 300 calls deep; the depth limit refuses it instead of overflowing the C stack.
return string.rep("a", 300):match(string.rep("a?", 300) .. "b")
