-- What each field of the meetings pack would say now, as renderings (most preferred first),
-- or nil when the field has nothing to show. `glance` holds the short forms the compact and
-- minimal island use for durations ("12m"). The layout rule decides where fields go.

local time = require "liverules.time"
local badges = require "badges"

local LOCATION_WINDOW = 10 * 60   -- location and the running-late action: first 10 minutes only
local CONFIRMATION_TIME = 2 * 60  -- "Sent via Slack" shows for 2 minutes after sending

local M = {}

-- "DR" for "Design review": the first character of up to three words, upper-cased.
local function initials(title)
  local letters = {}
  for word in string.gmatch(title, "%S+") do
    if #letters == 3 then break end
    local second = utf8.offset(word, 2) or #word + 1
    letters[#letters + 1] = string.upper(string.sub(word, 1, second - 1))
  end
  return table.concat(letters)
end

-- A title, then its initials (the layout shortens a title with "…" before it falls back to them).
local function titles(title, prefix)
  local options = {}
  if prefix then options[#options + 1] = prefix .. title end
  options[#options + 1] = title
  options[#options + 1] = initials(title)
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
    fields.location = meeting.location and { meeting.location } or nil
    local notice = noticeFor(meeting, input.state.lateNotice)
    if notice == nil then
      fields.runningLate = { "Running late?", "Late?" }
    elseif now - notice.sentAt < CONFIRMATION_TIME then
      fields.lateConfirmation = { "Sent via " .. notice.channel, "Sent" }
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
