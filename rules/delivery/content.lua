-- What each field of the delivery pack would say now, or nil when the field has nothing to
-- show: renderings (most preferred first), or a live field ({ text, live }, from
-- liverules.time) that the device keeps current between pushes. A live field has one text, its
-- reading now, where renderings offer several, so it comes in up to four forms: `fields`
-- (full), `brief` for the narrower places the layout rule names, `glance` for the compact and
-- minimal island and Android's status-bar chip, `chip` where the chip's wider room says more
-- than a glance; a field without a brief, glance or chip form shows the one before it. The
-- layout rule decides where fields go, and which form each placement shows.
--   title     the store's name as one line, "Fresh Market"; none when it is empty or blank
--   step      what is happening: "Packing your groceries", "Sam Lee is on the way", then with
--             the name shortened ("Sam L. is on the way", "Sam is on the way") before it goes
--             ("On the way"); "Your courier is on the way" without a name; at a glance a
--             glyph: 🧾 🧺 🛵 🏠
--   progress  the bar over the four steps: "25%" placed, "50%" picking, "75%" delivering,
--             "100%" arrived (it moves with the steps, not with time)
--   eta       until arrival, a live countdown to the ETA: "Arrives in 12:00", brief "in 12:00",
--             at a glance the clock alone, "12:00"; an hour or more ahead, where the clock
--             ("1:05:00") is too wide for the compact island, the time it arrives at, "19:35",
--             which needs no push (Android's chip keeps the clock, which fits it); without an
--             ETA the promised time stands in, said as "Due in 12:00" (at a glance its time,
--             "18:30"). "Arriving any minute" ("Now")
--             once the time has come; past the promised time without an ETA there is nothing to
--             count down to: "Waiting for a new arrival time" ("No ETA", "Late", "!" at a
--             glance); not shown once arrived
--   arrival   at a glance only (the minimal island, where no clock fits): a live ring filling
--             from when the order was placed (`placedAt`) to the ETA, while it counts down;
--             none without `placedAt`, or with one not before the ETA
--   promise   "Promised by 18:30" ("18:30" at a glance), or once past it the lateness, live,
--             counting up from the promised time: "7:00 late · promised 18:30", brief "7:00
--             late"; not shown once arrived
-- Phase none shows the badge only; at a glance, the order glyph and the hours until the
-- promised time ("8h": there is no activity, so nothing to keep current).

local time = require "liverules.time"
local text = require "liverules.text"
local badges = require "badges"

local STEPS = 4
-- From this many minutes ahead the ETA's clock reads hours ("1:05:00"), too wide for a glance.
local AN_HOUR = 60
local GLYPHS = { placed = "🧾", picking = "🧺", delivering = "🛵", arrived = "🏠" }

local M = {}

local DEFAULT_COURIER = "Your courier"

-- What is happening at this step; the courier's name (nil when missing) ever shorter.
local function stepText(phase, courier)
  if phase == "placed" then return { "We've got your order", "Order placed" } end
  if phase == "picking" then return { "Packing your groceries", "Packing" } end
  local sentence, brief = " is at your door", "At your door"
  if phase == "delivering" then sentence, brief = " is on the way", "On the way" end
  local options = {}
  for _, name in ipairs(courier and text.names(courier) or { DEFAULT_COURIER }) do
    options[#options + 1] = name .. sentence
  end
  options[#options + 1] = brief
  return options
end

-- The ETA's forms while it counts down, full, brief, at a glance and in the chip: "Arrives in
-- 12:00" ("Due in 12:00" when the promised time stands in), "in 12:00", "12:00", "12:00", all
-- live; at a glance an hour or more ahead the time it arrives at instead, "19:35".
local function countdowns(facts, now, timeZone)
  local lead = facts.etaKnown and "Arrives in %s" or "Due in %s"
  local clock = time.countdown(facts.eta, now)
  -- An hour or more ahead as a countdown counts minutes (59:01 left is 60 started minutes).
  local glance = not time.reached(now, facts.eta - (AN_HOUR - 1) * 60) and { time.clock(facts.eta, timeZone) } or clock
  return time.countdown(facts.eta, now, lead), time.countdown(facts.eta, now, "in %s"), glance, clock
end

-- content.of(input) -> fields, brief, glance, chip: { [fieldId] = renderings or live field } for
-- the rule input.
function M.of(input)
  local attributes, facts, phase, now = input.attributes, input.facts, input.phase, input.now
  local case = badges.of(input)
  local fields, brief, chip = { badge = { case.text, case.short } }, {}, {}
  local glance = { badge = { case.short or case.text } }
  if phase == "none" then
    -- At a glance, the order glyph and the hours until the promised time ("8h"): "Scheduled"
    -- fits no island view.
    local hours = time.minutes(now, attributes.promisedAt) // 60
    glance.badge = { case.text, hours .. "h" }
    -- "9h" turns "8h" once fewer than 9 hours of started minutes are left: tell the host when.
    time.reached(now, attributes.promisedAt - (hours * 60 - 1) * 60)
    glance.step = { GLYPHS.placed }
    return fields, brief, glance, chip
  end

  local store = text.line(attributes.storeName)
  if store then fields.title = { store } end
  fields.step, glance.step = stepText(phase, facts.courier), { GLYPHS[phase] }
  fields.progress = { (facts.step * 100 // STEPS) .. "%" }
  if phase == "arrived" then return fields, brief, glance, chip end

  if not time.reached(now, facts.eta) then
    fields.eta, brief.eta, glance.eta, chip.eta = countdowns(facts, now, attributes.timeZone)
    local placedAt = attributes.placedAt
    if placedAt ~= nil and placedAt < facts.eta then
      glance.arrival = time.progress_field(placedAt, facts.eta, now)
    end
  elseif facts.etaKnown or not facts.late then
    fields.eta, glance.eta = { "Arriving any minute", "Any minute", "Now" }, { "Now", "0m" }
  else
    fields.eta = { "Waiting for a new arrival time", "No new ETA yet", "No ETA" }
    glance.eta = { "No ETA", "Late", "!" }
  end

  local clock = time.clock(attributes.promisedAt, attributes.timeZone)
  if facts.late then
    fields.promise = time.elapsed(attributes.promisedAt, now, "%s late · promised " .. clock)
    brief.promise = time.elapsed(attributes.promisedAt, now, "%s late")
  else
    fields.promise, glance.promise = { "Promised by " .. clock, "by " .. clock }, { clock }
  end
  return fields, brief, glance, chip
end

return M
