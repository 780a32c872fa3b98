-- expect: runtime: undefined global 'load'
-- Crafts bytecode starting with "\27Lua" (string.dump is gone) to bypass the verifier-less binary loader. Rules have no load at all now.
local chunk, message = load("\27Lua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08\x78\x56\0\0\0\0\0\0\0\0")
if not chunk then error(message) end
return chunk()
