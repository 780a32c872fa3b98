-- expect: deterministic
-- The same ten keys inserted in two different orders: their pairs orders depend on the seed and on the insertion order (collisions chain differently), so the two lists differ from each other and from run to run. Stock lua5.4 gave "gus bo di jo ... | gus bo di ivy ...", then "ivy bo ada ...", then "di ed bo ...".
local names = { "ada", "bo", "cy", "di", "ed", "flo", "gus", "hal", "ivy", "jo" }
local forward, backward = {}, {}
for i = 1, #names do forward[names[i]] = i end
for i = #names, 1, -1 do backward[names[i]] = i end
local function order(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  return table.concat(keys, " ")
end
return order(forward) .. " | " .. order(backward)
