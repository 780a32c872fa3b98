-- Timing: when the day's content goes stale, when a finished day leaves the lock screen, and
-- what an alert says.
--   stale      the next moment the phase changes without an update: the current meeting's end
--              (progress, combo), the next meeting's start (countdown) or the start of its
--              15-minute countdown (upcoming). Never past the 8 hours an activity may run.
--   dismissal  a done day leaves the lock screen at once.
--   alert      the meeting's title and its countdown ("in 5 min") or time left ("25 min left").
-- A done day has nothing to alert.

local time = require "liverules.time"
local text = require "liverules.text"

local MAX_ACTIVITY = 8 * 60 * 60
local COUNTDOWN_WINDOW = 15 * 60

return function(input)
  local phase, now, meeting = input.phase, input.now, input.facts.meeting
  if meeting == nil then return { dismissal = now } end
  local changes, body
  if phase == "progress" or phase == "combo" then
    changes = meeting["end"]
    body = time.format_long(time.minutes(now, meeting["end"])) .. " left"
  else
    changes = phase == "countdown" and meeting.start or meeting.start - COUNTDOWN_WINDOW
    body = "in " .. time.format_long(time.minutes(now, meeting.start))
  end
  return {
    stale = math.min(changes, now + MAX_ACTIVITY),
    alert = { title = text.line(meeting.title) or "Meeting", body = body },
  }
end
