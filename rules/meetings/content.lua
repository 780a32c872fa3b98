-- What each field of the meetings pack would say now, as renderings (most preferred first),
-- or nil when the field has nothing to show. `glance` holds the short forms the compact and
-- minimal island use for durations ("12m"). The layout rule decides where fields go.
-- Titles, locations and the notice's channel are shown as one line (trimmed, line breaks and
-- tabs made spaces); an empty or blank one is not shown.

local time = require "liverules.time"
local text = require "liverules.text"
local badges = require "badges"

local LOCATION_WINDOW = 10 * 60   -- location and the running-late action: first 10 minutes only
local CONFIRMATION_TIME = 2 * 60  -- "Sent via Slack" shows for 2 minutes after sending

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

-- "12m"; for an hour or more "1h 5m", then "1h".
local function short(minutes)
  if minutes < 60 then return { time.format(minutes) } end
  return { time.format(minutes), (minutes // 60) .. "h" }
end

-- "in 12 min", "12 min", then the short forms; `after` follows the longest ("12 min left").
local function duration(minutes, before, after)
  local options = { (before or "") .. time.format_long(minutes) .. (after or ""), time.format_long(minutes) }
  for _, form in ipairs(short(minutes)) do options[#options + 1] = form end
  return options
end

-- The late notice sent for `meeting`, if any.
local function noticeFor(meeting, notice)
  if notice ~= nil and notice.meetingId == meeting.id then return notice end
  return nil
end

-- content.of(input) -> fields, glance: { [fieldId] = renderings } for the rule input.
function M.of(input)
  local phase, facts, now = input.phase, input.facts, input.now
  local meeting, following = facts.meeting, facts["next"]
  local fields, glance = { badge = { badges.of(input).text, "✓" } }, {}
  if meeting == nil then return fields, glance end

  fields.title = titles(meeting.title)
  local inProgress = phase == "progress" or phase == "combo"
  local actionTime
  if inProgress then
    local left = time.minutes(now, meeting["end"])
    fields.remaining, glance.remaining = duration(left, "", " left"), short(left)
    fields.progress = { time.percent(meeting.start, meeting["end"], now) .. "%" }
    actionTime = now - meeting.start < LOCATION_WINDOW
  else
    local until_ = time.minutes(now, meeting.start)
    fields.countdown, glance.countdown = duration(until_, "in "), short(until_)
    if phase == "countdown" then
      actionTime = true
    else
      local clock = time.clock(meeting.start, input.attributes.timeZone)
      fields.startTime = { "at " .. clock, clock }
    end
  end

  if actionTime then
    local location = text.line(meeting.location)
    fields.location = location and { location }
    local notice = noticeFor(meeting, input.state.lateNotice)
    if notice == nil then
      fields.runningLate = { "Running late?", "Late?" }
    elseif now - notice.sentAt < CONFIRMATION_TIME then
      local channel = text.line(notice.channel)
      fields.lateConfirmation = channel and { "Sent via " .. channel, "Sent" } or { "Sent" }
    end
  end

  if inProgress and following ~= nil then
    local until_ = time.minutes(now, following.start)
    fields.nextTitle = titles(following.title, "Next: ")
    fields.nextCountdown, glance.nextCountdown = duration(until_, "in "), short(until_)
  end
  return fields, glance
end

return M
