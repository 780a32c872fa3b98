-- Promises: what the match pack's presentations keep whatever the state (`liverules explore`
-- checks them on every state it generates). Each row names the placements it holds for.
--   minimal      once the match is on (live, at half time, outdated or over), the score, in
--                some form that fits ("2–1", "10:0", the lead "+78"); before kick-off the
--                countdown
--   compact      both teams, home beside the camera's left and away right: with their goals
--                once the match is on, their codes before it
--   lock screen  the score once the match is on (the teams before kick-off, with the kick-off
--                time); while in play the match clock when the feed gives one, at half time the
--                "Half time" badge; the latest event when there is one; when the updates have
--                stopped (3 minutes), the "Outdated" badge and the time of the last update,
--                and no match clock
--   elsewhere    when the updates have stopped, the time of the last update too: the expanded
--                island, the watch and Android
-- StandBy draws the lock-screen layout, so it keeps the same.

local promise = require "liverules.promise"
local phaseOf = require "phase"
local content = require "content"

local CARDS = { "lockScreen", "standBy" }
local OTHERS = { "islandExpanded", "watchSmartStack", "androidOngoing" }
local ON = { "live", "stale", "after" }

-- What the rows match: the phase, the feed's status, whether the match has started (the feed
-- says more than "scheduled"), whether there is a latest event, and whether the rules have a
-- match clock to show (content.lua: the half's start or the feed's minute).
local function facts(input)
  local state = input.state
  local _, about = phaseOf(input)
  local fields = content.of({ attributes = input.attributes, state = state, now = input.now, phase = input.phase,
                              facts = about })
  return {
    phase = input.phase,
    status = state.status,
    started = state.status ~= "scheduled",
    event = state.lastEvent ~= nil,
    clock = fields.clock ~= nil,
  }
end

local promises = promise.cases(facts, {
  { when = { phase = ON, started = true }, placements = "islandMinimal", shows = "score" },
  { when = { phase = "before" }, placements = "islandMinimal", shows = "countdown" },
  { placements = "islandCompactLeading", shows = "home" },
  { placements = "islandCompactTrailing", shows = "away" },
  { when = { phase = ON, started = true }, placements = CARDS, shows = "score" },
  { when = { phase = "before" }, placements = CARDS, shows = { "teams", "kickoff" } },
  { when = { phase = "live", status = "live", clock = true }, placements = CARDS, shows = "clock" },
  { when = { phase = "live", status = "halfTime" }, placements = CARDS, shows = "badge" },
  { when = { phase = ON, started = true, event = true }, placements = CARDS, shows = "event" },
  { when = { phase = "stale" }, placements = CARDS, shows = { "badge", "lastUpdate" }, hides = "clock" },
  { when = { phase = "stale" }, placements = OTHERS, shows = "lastUpdate" },
})

return promises
