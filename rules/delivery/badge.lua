-- Badge: the order's step ("Order placed", "Packing", "On the way", "Arrived"), replaced by
-- "Running late" (warning) or "Very late" (critical) while the order is behind its promise;
-- "Scheduled" when there is no activity yet. The cases are in badges.lua.

local badges = require "badges"
---@param input delivery.Input
return function(input)
  local case = badges.of(input)
  return { text = case.text, tone = case.tone }
end
