-- expect: instructions
-- Catches the instruction budget error with pcall and keeps looping; the sandbox's pcall must rethrow it.
while true do
  pcall(function() while true do end end)
end
