-- expect: instructions
-- Catches the budget error with xpcall whose handler loops too, then tries again forever.
while true do
  xpcall(function() while true do end end, function() while true do end end)
end
