-- expect: runtime: no defined order
-- Iterates a table keyed by a table: Lua orders such keys by address, which changes from run to run, so pairs refuses them. Stock lua5.4 returns abc, bca or cab, changing from run to run.
local byObject = { [{}] = "a", [{}] = "b", [{}] = "c" }
local seen = {}
for _, v in pairs(byObject) do seen[#seen + 1] = v end
return table.concat(seen)
