-- expect: runtime: __gc finalizers are not allowed
-- A __gc finalizer would run at an unpredictable time (even at state close); setmetatable refuses it.
setmetatable({}, { __gc = function() while true do end end })
