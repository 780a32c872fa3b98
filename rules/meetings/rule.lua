-- The meetings pack: phase, badge and relevance for a day of meetings.
-- `state.meetings` is today's meetings in start order; dates are Unix seconds; `now` too.

local COUNTDOWN_WINDOW = 15 * 60   -- a countdown starts 15 minutes before a meeting
local BACK_TO_BACK_GAP = 5 * 60    -- a next meeting starting within 5 minutes is back-to-back

-- The meeting in progress at `now` and the next one to start, with their positions.
local function current_and_next(meetings, now)
  local current, currentIndex, following, followingIndex
  for i, meeting in ipairs(meetings) do
    if meeting.start <= now and now < meeting["end"] then
      current, currentIndex = meeting, i
    elseif meeting.start > now and following == nil then
      following, followingIndex = meeting, i
    end
  end
  return current, currentIndex, following, followingIndex
end

local function before_badge(index, count)
  if count == 1 then return "Next up" end
  if index == 1 then return "First up" end
  if index == count then return "Last up" end
  return "Next up"
end

local RELEVANCE = { progress = 100, combo = 100, countdown = 80, upcoming = 50, done = 0 }

function present(state, now)
  local meetings = state.meetings
  local count = #meetings
  local current, currentIndex, following, followingIndex = current_and_next(meetings, now)
  local phase, badge
  if current then
    local backToBack = following and following.start - current["end"] <= BACK_TO_BACK_GAP
    local nextSoon = following and following.start - now <= COUNTDOWN_WINDOW
    phase = (backToBack and nextSoon) and "combo" or "progress"
    badge = { text = currentIndex == count and "Last in progress" or "In progress", tone = "green" }
  elseif following then
    phase = following.start - now <= COUNTDOWN_WINDOW and "countdown" or "upcoming"
    badge = { text = before_badge(followingIndex, count), tone = "neutral" }
  else
    phase = "done"
    badge = { text = "", tone = "neutral" }
  end
  return { phase = phase, badge = badge, relevance = { score = RELEVANCE[phase], alert = false } }
end
