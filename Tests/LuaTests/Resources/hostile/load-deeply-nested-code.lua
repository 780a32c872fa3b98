-- expect: runtime: undefined global 'load'
-- Builds 4000 nested parentheses with string.rep and hands them to load; the parser's nesting limit refuses them. Rules have no load at all now.
local source = "return " .. string.rep("(", 4000) .. "1" .. string.rep(")", 4000)
local chunk, message = load(source)
if not chunk then error(message) end
return chunk()
