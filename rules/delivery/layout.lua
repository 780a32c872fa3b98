-- Layout: which fields each placement shows, most important first. liverules.layout keeps what
-- fits each placement's budget and reports the rest as dropped.
--   placed, picking, delivering
--              the step, the live ETA countdown ("Arrives in 12:00"), the step progress bar and
--              the promise; compact: the step's glyph and the ETA clock ("12:00"), or the
--              time it arrives at ("19:35") when the ETA is an hour or more away and its clock
--              too wide; minimal: a live ring filling until the ETA, or without the order's
--              `placedAt` what the ETA says at a glance when it fits ("0m", "!"), else the
--              step's glyph
--   arrived    the step ("Sam is at your door") and the full progress bar; compact and minimal:
--              the door glyph and "✓"
--   none       no activity: the badge only; compact: the order glyph and the hours until the
--              promised time ("8h"); minimal: the hours
-- Android puts the store on its title line and the ETA in the status-bar chip ("12:00",
-- "1:05:00"). Which form of a field each placement shows is in GLANCES and BRIEF, and the chip's
-- (see content.lua).

local layout = require "liverules.layout"
local content = require "content"

-- The same list for placed, picking and delivering; one for arrived; for none the badge only,
-- unless `none` says otherwise.
local function lists(active, arrived, none)
  return { none = none or { "badge" }, placed = active, picking = active, delivering = active, arrived = arrived }
end

local CARD = lists({ "badge", "title", "step", "eta", "progress", "promise" }, { "badge", "title", "step", "progress" })

local WANTED = {
  lockScreen = CARD,
  standBy = CARD,
  islandExpanded = lists({ "title", "eta", "step", "progress", "promise" }, { "title", "step", "progress" }),
  islandCompactLeading = lists({ "step" }, { "step" }, { "step" }),
  islandCompactTrailing = lists({ "eta", "promise" }, { "badge" }),
  islandMinimal = lists({ "arrival", "eta", "step" }, { "badge" }),
  watchSmartStack = lists({ "step", "eta", "promise" }, { "step", "badge" }),
  androidOngoing = lists({ "title", "step", "progress", "eta" }, { "title", "step", "progress" }),
}

-- The title goes on the title line; the rest in the body (Android: the text line, the bar on
-- its progress line, the ETA in the status-bar chip). In the expanded island the store sits
-- beside the camera on the left, the ETA and the promise on the right, the step below the
-- camera and the bar along the bottom.
local SLOT = {
  lockScreen = { title = "title" },
  standBy = { title = "title" },
  androidOngoing = { title = "title", progress = "progress", eta = "chip" },
  islandExpanded = { eta = "trailing", promise = "trailing", step = "center", progress = "bottom" },
}
local BODY_SLOT = { lockScreen = "body", standBy = "body", androidOngoing = "text" }
-- Where a placement shows a field's brief or glance form rather than its full one (content.lua):
-- every field at a glance in the compact and minimal island, and the ETA in Android's
-- status-bar chip (its chip form, else its glance); the brief ETA in the expanded island, where
-- "Arrives in 1:05:00" does not fit, and the brief lateness there and on the watch, where "7:00
-- late · promised 18:30" does not.
local GLANCES = { islandCompactLeading = true, islandCompactTrailing = true, islandMinimal = true }
local BRIEF = { watchSmartStack = { promise = true }, islandExpanded = { eta = true, promise = true } }
-- The store name is shortened with "…" (keeping at least 6 characters) before shorter renderings.
local SHORTENS = { title = 6 }

-- What layout.wanted takes as a field's text: a live field's text, or the renderings as they are.
local function textOf(value)
  if value ~= nil and value.live ~= nil then return value.text end
  return value
end

---@param input delivery.Input
return function(input)
  local fields, brief, glance, chip = content.of(input)
  return layout.each(function(placement)
    local function slotOf(id)
      return (SLOT[placement] and SLOT[placement][id]) or BODY_SLOT[placement]
    end
    -- What the field says in this placement: its chip, glance or brief form where the placement
    -- shows one and the field has it, else the form before it.
    local function valueOf(id)
      if slotOf(id) == "chip" then return chip[id] or glance[id] or fields[id] end
      if GLANCES[placement] then return glance[id] or fields[id] end
      if BRIEF[placement] and BRIEF[placement][id] then return brief[id] or fields[id] end
      return fields[id]
    end
    return layout.wanted(WANTED[placement][input.phase],
      function(id) return textOf(valueOf(id)) end,
      slotOf,
      SHORTENS,
      nil,
      function(id)
        local value = valueOf(id)
        return value and value.live
      end)
  end)
end
