-- expect: stringBytes
-- One string.format call with 200 "%s" items, each an 8000-byte string: 1.6 MB built in C from one call. Stock lua5.4 returns the 1.6 MB string.
local long = string.rep("x", 8000)
local args = {}
for i = 1, 200 do args[i] = long end
return string.format(string.rep("%s", 200), table.unpack(args, 1, 200))
