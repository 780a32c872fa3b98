-- What each field of the delivery pack would say now, as renderings (most preferred first), or
-- nil when the field has nothing to show. `glance` holds the forms for the compact and minimal
-- island. The layout rule decides where fields go.
--   title     the store's name as one line, "Fresh Market"; none when it is empty or blank
--   step      what is happening: "Packing your groceries", "Sam Lee is on the way", then with
--             the name shortened ("Sam L. is on the way", "Sam is on the way") before it goes
--             ("On the way"); "Your courier is on the way" without a name; at a glance a
--             glyph: 🧾 🧺 🛵 🏠
--   progress  the bar over the four steps: "25%" placed, "50%" picking, "75%" delivering,
--             "100%" arrived
--   eta       until arrival: "Arrives in 12 min", then shorter down to "12m" (the form the compact
--             and minimal island and the Android chip use); without an ETA the promised
--             time stands in, said as "Due in 12 min"; "Arriving any minute" ("Now") once the time
--             has come; past the promised time without an ETA there is nothing to count down to:
--             "Waiting for a new arrival time" ("Late", "!" in the minimal island); not shown
--             once arrived
--   promise   "Promised by 18:30", or once past it "7 min late · promised 18:30"; not shown
--             once arrived
-- Phase none shows the badge only; at a glance, the order glyph and the hours until the
-- promised time ("8h").

local time = require "liverules.time"
local text = require "liverules.text"
local badges = require "badges"

local STEPS = 4
local GLYPHS = { placed = "🧾", picking = "🧺", delivering = "🛵", arrived = "🏠" }

local M = {}

-- "12m"; for an hour or more "1h 5m", then "1h".
local function short(minutes)
  if minutes < 60 then return { time.format(minutes) } end
  return { time.format(minutes), (minutes // 60) .. "h" }
end

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

-- content.of(input) -> fields, glance: { [fieldId] = renderings } for the rule input.
function M.of(input)
  local attributes, facts, phase, now = input.attributes, input.facts, input.phase, input.now
  local case = badges.of(input)
  local fields = { badge = { case.text, case.short } }
  local glance = { badge = { case.short or case.text } }
  if phase == "none" then
    -- At a glance, the order glyph and the hours until the promised time ("8h"): "Scheduled"
    -- fits no island view.
    glance.badge = { case.text, (time.minutes(now, attributes.promisedAt) // 60) .. "h" }
    glance.step = { GLYPHS.placed }
    return fields, glance
  end

  local store = text.line(attributes.storeName)
  if store then fields.title = { store } end
  fields.step, glance.step = stepText(phase, facts.courier), { GLYPHS[phase] }
  fields.progress = { (facts.step * 100 // STEPS) .. "%" }
  if phase == "arrived" then return fields, glance end

  local minutes = time.minutes(now, facts.eta)
  if minutes > 0 then
    local long = time.format_long(minutes)
    local lead = facts.etaKnown and "Arrives in " or "Due in "
    fields.eta, glance.eta = { lead .. long, "in " .. long, long, time.format(minutes) }, short(minutes)
  elseif facts.etaKnown or facts.lateBy <= 0 then
    fields.eta, glance.eta = { "Arriving any minute", "Any minute", "Now" }, { "Now", "0m" }
  else
    fields.eta, glance.eta = { "Waiting for a new arrival time", "No new ETA yet", "No ETA" }, { "Late", "!" }
  end

  local clock = time.clock(attributes.promisedAt, attributes.timeZone)
  if facts.lateBy > 0 then
    local late = time.minutes(attributes.promisedAt, now)
    fields.promise = { late .. " min late · promised " .. clock, late .. " min late" }
  else
    fields.promise = { "Promised by " .. clock, "by " .. clock }
  end
  return fields, glance
end

return M
