-- expect: runtime: bad argument
-- Takes the iterator pairs returns for the read-only string library and calls it with another table, to steer it somewhere it was not made for. Stock lua5.4's iterator is next, which walks any table it is given (returns secret, true).
local iterate = pairs(string)
local other = { secret = true }
local key, value = iterate(other, nil)
return key, value
