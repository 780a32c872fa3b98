-- Phase: what the day looks like at `now`.
--   progress   a meeting is in progress (start <= now < end)
--   combo      in progress, and the next meeting is back-to-back (it starts at or after this
--              one's end, and at most 5 minutes after it) and inside its 15-minute countdown window
--   countdown  nothing in progress; the next meeting starts within 15 minutes
--   upcoming   nothing in progress; the next meeting is more than 15 minutes away
--   done       no meeting left today
-- The list may come in any order: the rules sort it by start; of equal starts the one that
-- ends first comes first, and equal starts and ends keep the list's order.
-- Overlapping meetings: when several are in progress, the activity is about the one that started
-- last (of equal starts, the one ending first); when it ends, the one it started inside is
-- current again. A meeting that starts inside the current one is never back-to-back with it:
-- until it starts it is the next meeting (no combo), then it is the current one.
-- Facts for the other rules: `meeting` (the one the activity is about), its `index` in start
-- order, the day's `count`, `first` (index 1), `last` (nothing is left once it ends: every
-- other meeting has started by now and ends no later than it) and while a meeting is in
-- progress the `next` one (the first to start after now).

local time = require "liverules.time"

local COUNTDOWN_WINDOW = 15 * 60
local BACK_TO_BACK_GAP = 5 * 60

-- The meetings in start order (see above); table.sort is not stable, so the list position
-- breaks the last tie.
local function inStartOrder(meetings)
  local entries = {}
  for i, meeting in ipairs(meetings) do entries[i] = { meeting = meeting, position = i } end
  table.sort(entries, function(a, b)
    if a.meeting.start ~= b.meeting.start then return a.meeting.start < b.meeting.start end
    if a.meeting["end"] ~= b.meeting["end"] then return a.meeting["end"] < b.meeting["end"] end
    return a.position < b.position
  end)
  local sorted = {}
  for i, entry in ipairs(entries) do sorted[i] = entry.meeting end
  return sorted
end

-- Whether nothing of the day is left once `meeting` ends: every other meeting has started by
-- `now` and ends no later than it.
local function isLast(meetings, meeting, now)
  for _, other in ipairs(meetings) do
    if other ~= meeting and (not time.reached(now, other.start) or other["end"] > meeting["end"]) then return false end
  end
  return true
end

local function factsAbout(meetings, now, meeting, index, following)
  return { meeting = meeting, index = index, count = #meetings, first = index == 1,
           last = isLast(meetings, meeting, now), next = following }
end
---@param input meetings.PhaseInput
return function(input)
  local meetings, now = inStartOrder(input.state.meetings), input.now
  local current, currentIndex, following, followingIndex
  for i, meeting in ipairs(meetings) do
    if time.reached(now, meeting.start) and not time.reached(now, meeting["end"]) then
      if current == nil or meeting.start > current.start then current, currentIndex = meeting, i end
    elseif not time.reached(now, meeting.start) and following == nil then
      following, followingIndex = meeting, i
    end
  end

  if current then
    local gap = following ~= nil and following.start - current["end"]
    local backToBack = gap and gap >= 0 and gap <= BACK_TO_BACK_GAP
    local nextSoon = following ~= nil and time.reached(now, following.start - COUNTDOWN_WINDOW)
    local phase = (backToBack and nextSoon) and "combo" or "progress"
    return phase, factsAbout(meetings, now, current, currentIndex, following)
  elseif following then
    local phase = time.reached(now, following.start - COUNTDOWN_WINDOW) and "countdown" or "upcoming"
    return phase, factsAbout(meetings, now, following, followingIndex)
  end
  return "done", { count = #meetings }
end
