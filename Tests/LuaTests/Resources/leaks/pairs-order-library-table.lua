-- expect: deterministic
-- Lists the string library's function names with pairs and next: the library is a read-only table whose keys must come in the defined order too. Stock lua5.4 gave "dump format packsize ...", then "char packsize dump ...", then "unpack gsub find ...".
local viaPairs, viaNext = {}, {}
for name in pairs(string) do viaPairs[#viaPairs + 1] = name end
local name = next(string)
while name ~= nil do
  viaNext[#viaNext + 1] = name
  name = next(string, name)
end
return table.concat(viaPairs, " ") .. " | " .. table.concat(viaNext, " ")
