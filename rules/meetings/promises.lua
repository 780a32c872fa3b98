-- Promises: what the meetings pack's presentations keep whatever the state (`liverules explore`
-- checks them on every state it generates). Each row names the placements it holds for.
--   combo        the lock screen and the expanded island keep the next meeting's countdown;
--                compact and minimal show the current meeting only
--   first 10 min in progress or combo, the lock screen keeps the location (when the meeting has
--                one) and the running-late action, or its confirmation for 2 minutes once sent
--   minimal      says when: the progress ring in progress, combo and countdown; the start time
--                when the meeting is further off

local promise = require "liverules.promise"
local text = require "liverules.text"
local phaseOf = require "phase"

local ONGOING = { "progress", "combo" }
local EARLY = 10 * 60        -- location and the running-late action: the first 10 minutes
local CONFIRMATION = 2 * 60  -- the confirmation shows for 2 minutes after the notice was sent

-- What the rows match: the phase, whether the meeting is in its first 10 minutes, whether it
-- has a location, and where its running-late notice stands ("action", "confirmation", "over").
local function facts(input)
  local _, about = phaseOf(input)
  local meeting = about.meeting
  if meeting == nil then return { phase = input.phase } end
  local notice = input.state.lateNotice
  local late = "action"
  if notice ~= nil and notice.meetingId == meeting.id then
    late = input.now - notice.sentAt < CONFIRMATION and "confirmation" or "over"
  end
  return {
    phase = input.phase,
    early = input.now - meeting.start < EARLY,
    located = text.line(meeting.location) ~= nil,
    late = late,
  }
end

local promises = promise.cases(facts, {
  { when = { phase = "combo" }, placements = { "lockScreen", "islandExpanded" }, shows = "nextCountdown" },
  { when = { phase = "combo" }, placements = { "islandCompactLeading", "islandCompactTrailing", "islandMinimal" },
    hides = { "nextTitle", "nextCountdown" } },
  { when = { phase = ONGOING, early = true, located = true }, placements = "lockScreen", shows = "location" },
  { when = { phase = ONGOING, early = true, late = "action" }, placements = "lockScreen", shows = "runningLate" },
  { when = { phase = ONGOING, early = true, late = "confirmation" }, placements = "lockScreen",
    shows = "lateConfirmation" },
  { when = { phase = { "progress", "combo", "countdown" } }, placements = "islandMinimal", shows = "progress" },
  { when = { phase = "upcoming" }, placements = "islandMinimal", shows = "startTime" },
})

return promises
