-- Phase: what the match looks like at `now`.
--   before  not kicked off yet (status "scheduled") and not stale
--   live    in play or at half time, and the latest update is fresh
--   stale   updates are expected but the latest one is 3 minutes old or more: the score may be
--           wrong, so the activity says "Outdated" and when it last heard
--   after   full time: the final score, which never goes out of date
-- Updates are expected while the match is in play or at half time, and from the kick-off time on
-- while the feed still says "scheduled" (it should report the kick-off). Stale when
--   now - updatedAt >= 3 minutes            (in play or at half time)
--   now - max(updatedAt, kick-off) >= 3 min (scheduled, kick-off time passed)
-- so 2:59 after the last update is still fresh and 3:00 is stale.
-- A new goal: the latest event is a goal (goal, penalty goal or own goal) and this update is the
-- one that reports it. The feed sends an update the moment an event happens, stamped with the
-- event's time (`updatedAt` = `lastEvent.at`); later updates (the match clock ticking, a
-- heartbeat) carry the same event with a later `updatedAt`. So exactly one update per goal is
-- "new", however often updates arrive — a time window after the goal could not promise that.
-- Facts for the other rules: `status` and `newGoal`.

local time = require "liverules.time"
local STALE_AFTER = 3 * 60
local GOALS = { goal = true, penaltyGoal = true, ownGoal = true }
local PLAYING = { live = true, halfTime = true }
---@param input match.PhaseInput
return function(input)
  local state, now, kickoff = input.state, input.now, input.attributes.kickoff
  local status, event = state.status, state.lastEvent
  local facts = {
    status = status,
    newGoal = event ~= nil and GOALS[event.kind] == true and event.at >= state.updatedAt,
  }

  if status == "finished" then return "after", facts end

  local heardFrom
  if PLAYING[status] then
    heardFrom = state.updatedAt
  elseif time.reached(now, kickoff) then
    heardFrom = math.max(state.updatedAt, kickoff)
  end
  if heardFrom ~= nil and time.reached(now, heardFrom + STALE_AFTER) then return "stale", facts end

  return PLAYING[status] and "live" or "before", facts
end
