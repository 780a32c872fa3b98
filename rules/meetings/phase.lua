-- Phase: what the day looks like at `now`.
--   progress   a meeting is in progress (start <= now < end)
--   combo      in progress, and the next meeting is back-to-back (it starts at most 5 minutes
--              after this one ends) and inside its 15-minute countdown window
--   countdown  nothing in progress; the next meeting starts within 15 minutes
--   upcoming   nothing in progress; the next meeting is more than 15 minutes away
--   done       no meeting left today
-- Facts for the other rules: `meeting` (the one the activity is about), its `index`, the day's
-- `count`, and while a meeting is in progress the `next` one.

local COUNTDOWN_WINDOW = 15 * 60
local BACK_TO_BACK_GAP = 5 * 60

return function(input)
  local meetings, now = input.state.meetings, input.now
  local current, currentIndex, following, followingIndex
  for i, meeting in ipairs(meetings) do
    if meeting.start <= now and now < meeting["end"] then
      current, currentIndex = meeting, i
    elseif meeting.start > now and following == nil then
      following, followingIndex = meeting, i
    end
  end

  if current then
    local backToBack = following ~= nil and following.start - current["end"] <= BACK_TO_BACK_GAP
    local nextSoon = following ~= nil and following.start - now <= COUNTDOWN_WINDOW
    local phase = (backToBack and nextSoon) and "combo" or "progress"
    return phase, { meeting = current, index = currentIndex, count = #meetings, next = following }
  elseif following then
    local phase = following.start - now <= COUNTDOWN_WINDOW and "countdown" or "upcoming"
    return phase, { meeting = following, index = followingIndex, count = #meetings }
  end
  return "done", { count = #meetings }
end
