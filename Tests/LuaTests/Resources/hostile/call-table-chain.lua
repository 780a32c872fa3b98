-- expect: runtime: __call must be a function in rules
-- Gives setmetatable a __call that is a table (itself callable): a chain of __call tables is resolved inside one VM instruction, where no hook fires. setmetatable refuses it. Stock lua5.4: with a loop in the chain, runs until killed.
local callable = {}
setmetatable(callable, { __call = callable })
return callable()
