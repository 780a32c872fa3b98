-- What each field of the match pack would say now, or nil when the field has nothing to show:
-- renderings (most preferred first), or a live field ({ text, live }, from liverules.time) that
-- the device keeps current between pushes. `glance` holds the forms for the minimal island. The
-- layout rule decides where fields go.
--   teams       before kick-off: "Arsenal v Chelsea", then "ARS v CHE"
--   score       once the match is on: "Arsenal 2–1 Chelsea", "ARS 2–1 CHE", "2–1"; at a glance
--               "2–1", or "10:0" when the dash does not fit; a score that fits neither way is
--               never cut (a cut score reads as another score): it shows as the home side's
--               lead, "+78" at 123–45, "−1" at 45–46, "±0" at 46–46, and, where not even the
--               lead fits (a feed's impossible score, 1000–46), as its sign ("+"); so the
--               minimal view always has the score (the layout adds the live dot as a glyph)
--   home, away  the compact island, home team beside the camera's left, away team right:
--               "ARS 2" and "1 CHE" (just the goals when a code is too wide); the codes alone
--               before kick-off
--   clock       while live: the match clock, live, counting up from the current half's start
--               (`period`) as a football clock does: "23:15" in the first half, "45:00" at the
--               second half's restart, "67:20" in the 68th minute (no hours), "90:00" and
--               "105:00" at extra time's; Android draws its minutes, "67'". Stoppage time from
--               the minute after the half's regular time: "45+1:00", "90+3:20" (Android
--               "90+3'"), counting from the regular time's end, pushed at its second. At a
--               glance a ring filling over the half (45 minutes, 15 in extra time), full in
--               stoppage time. "Half time" ("HT") at half time. A feed that sends the minute but
--               not when the half started keeps the frozen minute "67'" (see clockOf), as does
--               one whose half would still be running 3 hours after it started when this update
--               goes out of date (timing.lua): no half lasts that long, so that start is wrong;
--               nothing when the feed has neither (the "Live" badge says enough)
--   event       the latest event: "⚽ 64' Goal, Arsenal · Saka", "🟥 71' Red card · Xhaka
--               (Chelsea)", shorter with team codes and the player's name shortened ("Granit
--               X.", "Granit") before it goes; an empty or blank player is no player. Team names
--               and codes are shown as one line; a blank one stands in for the other. For goals `team` is the side the goal counts
--               for (an own goal is scored by the other side's player); for cards, the player's side
--   kickoff     before kick-off: "Kick-off 19:45" in the activity's time zone
--   countdown   before kick-off: a live countdown to the kick-off, "in 45:00" ("in 2:00:00" two
--               hours ahead); at a glance a ring filling over the hour before the kick-off.
--               "Starting any moment" ("0m" at a glance) once the kick-off time has passed
--               without word from the feed
--   lastUpdate  when outdated: "Last update 14:30"
-- A team code is short: one wider than the compact island ("Quarterly", "  padded  " read as
-- "padded", a name standing in for a blank code) is cut there with "…" ("Qua…", "pad…"), and
-- shown so everywhere (a code is what is left when a name does not fit).
-- The minimal island has 28.67 pt of 11-pt text: "10–0" (24.2 pt) fits, "12–11" (30.25 pt)
-- fits as "12:11" (27.5 pt), the scoreboard's narrower colon; "123:45" fits neither way, and the
-- minimal view shows the lead ("+78").

local text = require "liverules.text"
local time = require "liverules.time"
local placements = require "liverules.placements"
local badges = require "badges"
local timing = require "timing"

local DASH = "–"
local MINUS = "−"
local GOALS = {
  goal = "",
  penaltyGoal = " (pen.)",
  ownGoal = " (own goal)",
}
local CARDS = {
  redCard = { icon = "🟥", label = "Red card" },
  yellowCard = { icon = "🟨", label = "Yellow card" },
}

-- Each half: where the match clock stands at its start, and how long it runs before stoppage
-- time (seconds).
local HALVES = {
  first = { from = 0, length = 45 * 60 },
  second = { from = 45 * 60, length = 45 * 60 },
  extraTimeFirst = { from = 90 * 60, length = 15 * 60 },
  extraTimeSecond = { from = 105 * 60, length = 15 * 60 },
}
-- The match clock counts minutes past 59, as football clocks do: "67:20", never "1:07:20".
local MINUTES = { showsHours = false }
-- The minimal island's countdown ring fills over this last stretch before the kick-off.
local COUNTDOWN_RING = 60 * 60
-- No half runs this long after its start, stoppage time and a long interruption included.
local LONGEST_HALF = 3 * 60 * 60
-- Where a team code must fit: the compact island.
local CODE_ROOM = placements.islandCompactLeading

local M = {}

-- The match clock while the ball is in play, and its form at a glance: with `period`, a live
-- clock counting up from the half's start without hours, "45:00" at the second half's restart,
-- then in stoppage time one counting from the regular time's end after "45+", and a ring
-- filling over the half; with only the feed's minute, the frozen "67'" for both, as a clock
-- started from a minute could be up to a minute wrong and a feed that sends only minutes
-- sends an update for each anyway (a minute below 0 is no minute); nil when the feed has neither.
-- A half that would still be running LONGEST_HALF after its start when this update goes out of
-- date (timing.lua) started at a wrong time: the feed's minute stands in, if it sent one.
local function clockOf(input)
  local state, now = input.state, input.now
  local period = state.period
  if period ~= nil and timing(input).stale - period.startedAt < LONGEST_HALF then
    local half = HALVES[period.half]
    local regular = period.startedAt + half.length  -- the end of the half's regular time
    local ring = time.progress_field(period.startedAt, regular, now)
    if time.reached(now, regular + 60) then
      return time.elapsed(regular, now, (half.from + half.length) // 60 .. "+%s", MINUTES), ring
    end
    return time.elapsed(period.startedAt - half.from, now, nil, MINUTES), ring
  end
  if state.minute ~= nil and state.minute >= 0 then
    local minute = { state.minute .. "'" }
    return minute, minute
  end
  return nil, nil
end

-- The event as renderings, longest first: with the team's name, then its code, each with the
-- player's name ever shorter; the team's code alone last.
local function describeEvent(event, teams)
  local team = teams[event.team]
  local minute = event.minute and (event.minute .. "' ") or ""
  local players = text.names(event.player)
  local card = CARDS[event.kind]
  local icon = card and (card.icon .. " " .. minute) or ("⚽ " .. minute)
  local options = {}
  if #players == 0 then
    options[1] = icon .. (card and (card.label .. ", ") or "Goal, ") .. team.name
  elseif card then
    for _, player in ipairs(players) do
      options[#options + 1] = icon .. card.label .. " · " .. player .. " (" .. team.name .. ")"
    end
    for _, player in ipairs(players) do
      options[#options + 1] = icon .. player .. " (" .. team.code .. ")"
    end
  else
    for _, player in ipairs(players) do
      options[#options + 1] = icon .. "Goal, " .. team.name .. " · " .. player .. GOALS[event.kind]
    end
    for _, player in ipairs(players) do
      options[#options + 1] = icon .. team.code .. " · " .. player .. GOALS[event.kind]
    end
  end
  options[#options + 1] = icon .. team.code
  return options
end

-- A team's name and code as one line each; a blank one stands in for the other. The code is
-- cut with "…" to fit the compact island.
local function teamOf(team)
  local name, code = text.line(team.name), text.line(team.code)
  code = code or name or "?"
  return { name = name or code, code = text.truncate(code, CODE_ROOM.width, CODE_ROOM.fontSize) }
end

-- The score at a glance, most preferred first: "2–1", "10:0", the home side's lead ("+78",
-- "−1", "±0"), its sign alone.
local function glanceScore(score)
  local h, a, lead = tostring(score.home), tostring(score.away), score.home - score.away
  local sign = lead > 0 and "+" or (lead < 0 and MINUS or "±")
  return { h .. DASH .. a, h .. ":" .. a, sign .. math.abs(lead), sign }
end

-- content.of(input) -> fields, glance: { [fieldId] = renderings or live field } for the rule input.
function M.of(input)
  local attributes, state, now, phase = input.attributes, input.state, input.now, input.phase
  local teams = { home = teamOf(attributes.home), away = teamOf(attributes.away) }
  local home, away = teams.home, teams.away
  local case = badges.of(input)
  local fields, glance = { badge = { case.text, case.short } }, {}

  if input.facts.status == "scheduled" then
    fields.teams = { home.name .. " v " .. away.name, home.code .. " v " .. away.code }
    fields.home, fields.away = { home.code }, { away.code }
    local clock = time.clock(attributes.kickoff, attributes.timeZone)
    fields.kickoff = { "Kick-off " .. clock, clock }
    if not time.reached(now, attributes.kickoff) then
      fields.countdown = time.countdown(attributes.kickoff, now, "in %s")
      glance.countdown = time.progress_field(attributes.kickoff - COUNTDOWN_RING, attributes.kickoff, now)
    else
      fields.countdown, glance.countdown = { "Starting any moment", "Starting" }, { "0m" }
    end
  else
    local h, a = tostring(state.score.home), tostring(state.score.away)
    local score = h .. DASH .. a
    fields.score = { home.name .. " " .. score .. " " .. away.name,
                     home.code .. " " .. score .. " " .. away.code, score }
    glance.score = glanceScore(state.score)
    fields.home, fields.away = { home.code .. " " .. h, h }, { a .. " " .. away.code, a }
  end

  if phase == "live" then
    if state.status == "halfTime" then
      fields.clock = { "Half time", "HT" }
    else
      fields.clock, glance.clock = clockOf(input)
    end
  end

  if phase == "stale" then
    local clock = time.clock(state.updatedAt, attributes.timeZone)
    fields.lastUpdate = { "Last update " .. clock, "Updated " .. clock, clock }
  end

  if state.lastEvent ~= nil then
    fields.event = describeEvent(state.lastEvent, teams)
  end
  return fields, glance
end

return M
