-- expect: instructions
-- An xpcall message handler that never returns: it must run under the instruction budget like any rule code.
xpcall(error, function() while true do end end)
