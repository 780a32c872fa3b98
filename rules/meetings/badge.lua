-- Badge: "First up", "Next up", "Last up" before a meeting (neutral); "In progress" or
-- "Last in progress" during one (green). The cases are in badges.lua.

local badges = require "badges"
---@param input meetings.Input
return function(input)
  local case = badges.of(input)
  return { text = case.text, tone = case.tone }
end
