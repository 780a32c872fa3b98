-- expect: runtime: C stack overflow
-- Builds 4000 nested parentheses with string.rep and hands them to load; the parser's nesting limit refuses them.
local source = "return " .. string.rep("(", 4000) .. "1" .. string.rep(")", 4000)
local chunk, message = load(source)
if not chunk then error(message) end
return chunk()
