-- expect: runtime: collectgarbage('count') is not allowed in rules
-- The collector's count depends on when it last ran (and on addresses and the seed through table layouts); a rule may not read it. Stock lua5.4 returns 84.908 here on every run, a number that moves with any allocation before it.
local before = collectgarbage("count")
local garbage = {}
for i = 1, 1000 do garbage[i] = { i } end
return string.format("%.3f", collectgarbage("count") - before)
