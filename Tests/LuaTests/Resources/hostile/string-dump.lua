-- expect: runtime: attempt to call a nil value (field 'dump')
-- string.dump would produce bytecode to tamper with; it is removed.
return string.dump(function() return 1 end)
