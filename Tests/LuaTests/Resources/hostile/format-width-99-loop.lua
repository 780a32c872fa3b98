-- expect: steps
-- The widest and longest conversion the format checker allows, "%99.99f", on the largest and smallest doubles, in a loop. Stock lua5.4: still running after 20 s; float conversions are charged 512 steps each, so the C work budget ends it first.
local format = string.format
while true do
  format("%99.99f", 1.7976931348623157e308)
  format("%99.99f", -2.2250738585072014e-308)
end
