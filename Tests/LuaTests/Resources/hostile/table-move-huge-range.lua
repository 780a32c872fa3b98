-- expect: steps
-- table.move over 2^40 nil elements: one C call, invisible to the count hook.
return table.move({}, 1, 1 << 40, 2)
