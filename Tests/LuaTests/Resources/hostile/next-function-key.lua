-- expect: runtime: no defined order
-- Steps through a table keyed by functions with next: their order is by address, so next refuses it. Stock lua5.4 returns whichever handler the address order puts first.
local handlers = { [print] = 1, [tostring] = 2, [type] = 3 }
local key = next(handlers)
return handlers[key]
