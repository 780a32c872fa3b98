-- expect: memory
-- Two functions calling each other forever grow the Lua stack until the memory cap.
local ping, pong
function ping(n) return pong(n + 1) + 1 end
function pong(n) return ping(n + 1) + 1 end
return ping(1)
