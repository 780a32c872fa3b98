-- Badge: "Live" or "Half time" (green) while the match is on, "Upcoming" before kick-off and
-- "Full time" after it (neutral), "Outdated" (warning) when updates have stopped. The cases are
-- in badges.lua.

local badges = require "badges"
---@param input match.Input
return function(input)
  local case = badges.of(input)
  return { text = case.text, tone = case.tone }
end
