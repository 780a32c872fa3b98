-- What each field of the meetings pack would say now, or nil when the field has nothing to show:
-- renderings (most preferred first), or for a time a live field ({ text, live }, see
-- liverules.time) that the device keeps current itself, so no push is needed while it runs.
--   countdown, nextCountdown  a clock counting down to the start: "in 9:59"
--   remaining                 a clock counting down to the end: "24:59 left"
--   progress                  a bar over the meeting ("83%"); in the countdown phase a ring over
--                             the 15-minute countdown window, for the minimal view
--   location                  "Room 4.2", or "at Room 4.2" where that text is shown already
--   lateConfirmation          "Sent via Slack", or "Sent" for a channel wider than 6 em
-- `glance` holds the compact and minimal island's forms: clocks alone ("9:59", a start "9:30"),
-- the time left only under an hour (wider, "1:00:00", the layout shows the progress instead).
-- Titles, locations and the channel show as one line (text.line), a blank one not (a blank title: "Untitled").

local time = require "liverules.time"
local text = require "liverules.text"
local badges = require "badges"

local LOCATION_WINDOW = 10 * 60   -- location and the running-late action: first 10 minutes only
local CONFIRMATION_TIME = 2 * 60  -- "Sent via Slack" shows for 2 minutes after sending
local COUNTDOWN_WINDOW = 15 * 60  -- the countdown phase: the last 15 minutes before a start
local HOUR = 60 * 60              -- a meeting this long or longer starts with a clock too wide to glance at
local CHANNEL_EMS = 6             -- the widest channel named ("Google Chat" is 5.8): leaves the location room

local M = {}

-- A title as one line, then its initials ("DR" for "Design review"; the layout shortens a
-- title with "…" before it falls back to them); nil for a blank title.
local function titles(title, prefix)
  title = text.line(title)
  if title == nil then return nil end
  local options = {}
  if prefix then options[#options + 1] = prefix .. title end
  options[#options + 1] = title
  options[#options + 1] = text.initials(title)
  return options
end

-- The late notice sent for `meeting`, if any.
local function noticeFor(meeting, notice)
  if notice ~= nil and notice.meetingId == meeting.id then return notice end
  return nil
end

-- content.of(input) -> fields, glance: { [fieldId] = renderings or live field } for the rule input.
function M.of(input)
  local phase, facts, now = input.phase, input.facts, input.now
  local meeting, following = facts.meeting, facts["next"]
  local fields, glance = { badge = { badges.of(input).text, "✓" } }, {}
  if meeting == nil then return fields, glance end

  fields.title = titles(meeting.title) or { "Untitled", "–" }  -- a glance is never empty
  local inProgress = phase == "progress" or phase == "combo"
  local actionTime
  if inProgress then
    fields.remaining = time.countdown(meeting["end"], now, "%s left")
    if meeting["end"] - meeting.start < HOUR then glance.remaining = time.countdown(meeting["end"], now) end
    fields.progress = time.progress_field(meeting.start, meeting["end"], now)
    actionTime = not time.reached(now, meeting.start + LOCATION_WINDOW)
  else
    fields.countdown, glance.countdown = time.countdown(meeting.start, now, "in %s"), time.countdown(meeting.start, now)
    if phase == "countdown" then
      glance.progress = time.progress_field(meeting.start - COUNTDOWN_WINDOW, meeting.start, now)
      actionTime = true
    else
      local clock = time.clock(meeting.start, input.attributes.timeZone)
      fields.startTime = { "at " .. clock, clock }
      glance.startTime = (string.gsub(clock, "^0(%d)", "%1"))
    end
  end

  if actionTime then
    local location = text.line(meeting.location)
    fields.location = location and { location, "at " .. location }
    local notice = noticeFor(meeting, input.state.lateNotice)
    if notice == nil then
      fields.runningLate = { "Running late?", "Late?" }
    elseif not time.reached(now, notice.sentAt + CONFIRMATION_TIME) then
      local channel = text.line(notice.channel)
      local named = channel ~= nil and text.width(channel, 1) <= CHANNEL_EMS
      fields.lateConfirmation = named and { "Sent via " .. channel, "Sent" } or { "Sent" }
    end
  end

  if inProgress and following ~= nil then
    fields.nextTitle = titles(following.title, "Next: ")
    fields.nextCountdown = time.countdown(following.start, now, "in %s")
    glance.nextCountdown = time.countdown(following.start, now)
  end
  return fields, glance
end

return M
