-- expect: runtime: undefined global 'load'
-- A syntax error in a loaded chunk whose chunk name claims another file. Rules have no load at all now (were it back, the message load returns would have to name "(load)"). Stock lua5.4's message names /etc/passwd:1.
local chunk, message = load("return = 1", "=/etc/passwd")
error("load refused the chunk: " .. tostring(message))
