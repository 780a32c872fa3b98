-- expect: steps
-- table.unpack over 10^12 indices would push a trillion values in one C call.
return table.unpack({}, 1, 1000000000000)
