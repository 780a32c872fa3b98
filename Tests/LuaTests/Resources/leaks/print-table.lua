-- expect: deterministic
-- print of a table and a function goes to the host's log; what a rule can observe of it is what tostring gives for the same values, so that is returned. Stock lua5.4 gave "table: 0x5628e4504af0 function: 0x5628d91b1050 ...", with other addresses on each run.
local values = { {}, print, function() end, setmetatable({}, { __name = "Meeting" }) }
local shown = {}
for i, value in ipairs(values) do
  print(value)
  shown[i] = tostring(value)
end
return table.concat(shown, " ")
