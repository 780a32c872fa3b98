local Tally = { total = 0 }
Tally.__index = Tally
local shared = setmetatable({}, Tally)
local counter = {}
function counter.bump()
  Tally.total = shared.total + 1
  return shared.total
end
return counter
