-- expect: runtime: C stack overflow
-- Builds 5000 nested parentheses with string.rep and hands them to load; the parser's nesting limit refuses them.
local source = "return " .. string.rep("(", 5000) .. "1" .. string.rep(")", 5000)
local chunk, message = load(source)
if not chunk then error(message) end
return chunk()
