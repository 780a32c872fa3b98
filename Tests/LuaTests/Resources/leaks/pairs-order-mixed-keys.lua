-- expect: deterministic
-- Integer, float, negative, huge, string and boolean keys in one table: the defined order is numbers ascending, then strings by bytes, then false, true; stock Lua mixes them by hash. Stock lua5.4 gave ":empty, 1:one, ...", then "false:no, 1:one, ...", then "false:no, 1:one, 0.125:an eighth, 3:three, :empty, ...".
local t = {
  [3] = "three", [1] = "one", [2.5] = "two and a half", [-7] = "minus seven", [1e300] = "huge",
  [0.125] = "an eighth", zeta = "z", alpha = "a", ["Beta"] = "B", [""] = "empty",
  [true] = "yes", [false] = "no",
}
local parts = {}
for k, v in pairs(t) do parts[#parts + 1] = tostring(k) .. ":" .. v end
return table.concat(parts, ", ")
