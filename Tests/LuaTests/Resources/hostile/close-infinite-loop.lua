-- expect: instructions
-- A to-be-closed variable whose __close loops forever when its block ends.
do
  local guard <close> = setmetatable({}, { __close = function() while true do end end })
end
