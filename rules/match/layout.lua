-- Layout: which fields each placement shows, most important first. liverules.layout keeps what
-- fits each placement's budget and reports the rest as dropped. The lists are per phase, with
-- half time (phase live, status halfTime) listed apart.
--   before    the teams, kick-off time and the live countdown ("in 45:00"); compact: the two
--             team codes; minimal: the countdown's ring; Android's one text line lists the
--             countdown first, so "Starting any moment" keeps it and the kick-off time gives way
--   live      the score, the live match clock ("1:07:20") and the latest event; compact:
--             "ARS 2" | "1 CHE"; minimal: the score with the live dot, a green glyph beside it
--             ("● 2–1"; "● +78", the home side's lead, where no form of the score fits), so
--             the clock listed after it is reported as dropped there
--   halfTime  as live; the lock screen and StandBy show "Half time" once, in the badge
--   stale     the last known score (or, when the kick-off went unreported, the teams, kick-off
--             time and "0m" in the minimal view), "Last update 14:30" and the latest event; the
--             badge says "Outdated"; no match clock and no live dot
--   after     the final score, "Full time" and the latest event; minimal: the score
-- The lock screen, StandBy and Android put the score or the teams on their title line.

local layout = require "liverules.layout"
local content = require "content"

local CARD = {
  before = { "badge", "teams", "kickoff", "countdown" },
  live = { "badge", "score", "clock", "event" },
  halfTime = { "badge", "score", "event" },
  stale = { "badge", "score", "teams", "lastUpdate", "kickoff", "event" },
  after = { "badge", "score", "event" },
}

local COMPACT_LEADING = { "home" }
local COMPACT_TRAILING = { "away" }

local WANTED = {
  lockScreen = CARD,
  standBy = CARD,
  islandExpanded = {
    before = { "teams", "kickoff", "countdown" },
    live = { "score", "clock", "event" },
    halfTime = { "score", "clock", "event" },
    stale = { "score", "teams", "lastUpdate", "event" },
    after = { "score", "badge", "event" },
  },
  islandCompactLeading = {
    before = COMPACT_LEADING, live = COMPACT_LEADING, halfTime = COMPACT_LEADING, stale = COMPACT_LEADING,
    after = COMPACT_LEADING,
  },
  islandCompactTrailing = {
    before = COMPACT_TRAILING, live = COMPACT_TRAILING, halfTime = COMPACT_TRAILING, stale = COMPACT_TRAILING,
    after = COMPACT_TRAILING,
  },
  islandMinimal = {
    before = { "countdown" }, live = { "score", "clock" }, halfTime = { "score", "clock" },
    stale = { "score", "countdown" }, after = { "score", "badge" },
  },
  watchSmartStack = {
    before = { "teams", "kickoff", "countdown" },
    live = { "score", "clock", "event" },
    halfTime = { "score", "clock", "event" },
    stale = { "score", "teams", "lastUpdate" },
    after = { "score", "badge", "event" },
  },
  androidOngoing = {
    before = { "teams", "countdown", "kickoff" },
    live = { "score", "clock", "event" },
    halfTime = { "score", "clock", "event" },
    stale = { "score", "teams", "lastUpdate", "event" },
    after = { "score", "badge", "event" },
  },
}

-- The score or the teams go on the title line; everything else in the body, but Android's
-- match clock, which its status-bar chip shows. In the expanded
-- island the score or teams sit beside the camera on the left, the clock, kick-off and
-- countdown on the right, and the full-width bottom line takes the latest event.
local TITLE_SLOT = { lockScreen = "title", standBy = "title", androidOngoing = "title" }
local BODY_SLOT = { lockScreen = "body", standBy = "body", androidOngoing = "text" }
local HEADLINES = { score = true, teams = true }
local ISLAND_SLOT = { event = "bottom", clock = "trailing", kickoff = "trailing", countdown = "trailing",
                      lastUpdate = "trailing", badge = "trailing" }

-- What layout.wanted takes as a field's text: a live field's text, or the renderings as they are.
local function textOf(value)
  if value ~= nil and value.live ~= nil then return value.text end
  return value
end

---@param input match.Input
return function(input)
  local texts, glance = content.of(input)
  local list = (input.phase == "live" and input.facts.status == "halfTime") and "halfTime" or input.phase
  return layout.each(function(placement)
    -- What the field says in this placement: renderings or a live field (content.lua).
    local function valueOf(id) return (placement == "islandMinimal" and glance[id]) or texts[id] end
    return layout.wanted(WANTED[placement][list],
      function(id) return textOf(valueOf(id)) end,
      function(id)
        if placement == "islandExpanded" then return ISLAND_SLOT[id] end
        if placement == "androidOngoing" and id == "clock" then return "chip" end
        return (HEADLINES[id] and TITLE_SLOT[placement]) or BODY_SLOT[placement]
      end,
      nil,
      function(id)
        return placement == "islandMinimal" and input.phase == "live" and (id == "score" or id == "clock") and "dot" or nil
      end,
      function(id)
        local value = valueOf(id)
        return value and value.live
      end)
  end)
end
