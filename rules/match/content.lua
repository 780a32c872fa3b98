-- What each field of the match pack would say now, as renderings (most preferred first), or nil
-- when the field has nothing to show. `glance` holds the forms for the minimal island. The layout
-- rule decides where fields go.
--   teams       before kick-off: "Arsenal v Chelsea", then "ARS v CHE"
--   score       once the match is on: "Arsenal 2–1 Chelsea", "ARS 2–1 CHE", "2–1"; at a glance
--               "2–1", or "10:0" when the dash does not fit; a score that fits neither way is
--               never cut (a cut score reads as another score): the minimal view then shows the
--               clock or "FT" (the layout adds the live dot as a glyph)
--   home, away  the compact island, home team beside the camera's left, away team right:
--               "ARS 2" and "1 CHE" (just the goals when a code is too wide); the codes alone
--               before kick-off
--   clock       while live: the match minute "67'" or "Half time"; nothing when the feed has no
--               minute (the "Live" badge says enough)
--   event       the latest event: "⚽ 64' Goal, Arsenal · Saka", "🟥 71' Red card · Xhaka
--               (Chelsea)", shorter with team codes and the player's name shortened ("Granit
--               X.", "Granit") before it goes; an empty or blank player is no player. Team names
--               and codes are shown as one line; a blank one stands in for the other. For goals `team` is the side the goal counts
--               for (an own goal is scored by the other side's player); for cards, the player's side
--   kickoff     before kick-off: "Kick-off 19:45" in the activity's time zone
--   countdown   before kick-off: "in 45 min" ("45m" at a glance); "Starting any moment" once the
--               kick-off time has passed without word from the feed
--   lastUpdate  when outdated: "Last update 14:30"
-- The minimal island has 28.67 pt of text: "2–1" (25.5 pt) fits, "10–0" (29.25 pt) and "12–11"
-- (30 pt) fit as "10:0" and "12:11", the scoreboard's narrower colon; "123:45" fits neither way,
-- and the minimal view shows the match minute ("67'", "HT") or "FT" instead.

local text = require "liverules.text"
local time = require "liverules.time"
local badges = require "badges"

local DASH = "–"
local GOALS = {
  goal = "",
  penaltyGoal = " (pen.)",
  ownGoal = " (own goal)",
}
local CARDS = {
  redCard = { icon = "🟥", label = "Red card" },
  yellowCard = { icon = "🟨", label = "Yellow card" },
}

local M = {}

-- "12m"; for an hour or more "1h 5m", then "1h".
local function short(minutes)
  if minutes < 60 then return { time.format(minutes) } end
  return { time.format(minutes), (minutes // 60) .. "h" }
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

-- A team's name and code as one line each; a blank one stands in for the other.
local function teamOf(team)
  local name, code = text.line(team.name), text.line(team.code)
  return { name = name or code or "?", code = code or name or "?" }
end

-- content.of(input) -> fields, glance: { [fieldId] = renderings } for the rule input.
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
    local minutes = time.minutes(now, attributes.kickoff)
    if minutes > 0 then
      fields.countdown = { "in " .. time.format_long(minutes), time.format_long(minutes) }
      glance.countdown = short(minutes)
    else
      fields.countdown, glance.countdown = { "Starting any moment", "Starting" }, { "0m" }
    end
  else
    local h, a = tostring(state.score.home), tostring(state.score.away)
    local score = h .. DASH .. a
    fields.score = { home.name .. " " .. score .. " " .. away.name,
                     home.code .. " " .. score .. " " .. away.code, score }
    for _, form in ipairs({ score, h .. ":" .. a }) do
      if text.fits(form, "islandMinimal") then
        glance.score = { form }
        break
      end
    end
    fields.home, fields.away = { home.code .. " " .. h, h }, { a .. " " .. away.code, a }
  end

  if phase == "live" then
    if state.status == "halfTime" then
      fields.clock = { "Half time", "HT" }
    elseif state.minute ~= nil then
      fields.clock = { state.minute .. "'" }
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
