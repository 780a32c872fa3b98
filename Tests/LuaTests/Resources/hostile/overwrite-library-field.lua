-- expect: runtime: attempt to modify read-only table 'string' (field 'upper')
-- Removes a library function that other rules rely on.
string.upper = nil
