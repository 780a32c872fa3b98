-- Layout: which fields each placement shows, most important first. liverules.layout keeps what
-- fits each placement's budget and reports the rest as dropped.
--   placed, picking, delivering
--              the step, the ETA, the progress bar and the promise; compact: the step's glyph
--              and the ETA minutes ("12m"); minimal: the ETA minutes
--   arrived    the step ("Sam is at your door") and the full progress bar; compact and minimal:
--              the door glyph and "✓"
--   none       no activity: the badge only; compact: the order glyph and the hours until the
--              promised time ("8h"); minimal: the hours
-- Android puts the store on its title line and the ETA in the status-bar chip.

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
  islandCompactTrailing = lists({ "eta" }, { "badge" }),
  islandMinimal = lists({ "eta" }, { "badge" }),
  watchSmartStack = lists({ "step", "eta", "promise" }, { "step", "badge" }),
  androidOngoing = lists({ "title", "step", "progress", "eta" }, { "title", "step", "progress" }),
}

-- The title goes on the title line; the rest in the body (Android: the text line, the ETA in
-- the status-bar chip).
local TITLE_SLOT = { lockScreen = "title", standBy = "title", androidOngoing = "title" }
local BODY_SLOT = { lockScreen = "body", standBy = "body", androidOngoing = "text" }
local ETA_SLOT = { androidOngoing = "chip" }
-- Glances: glyphs and minutes in their short form.
local GLANCE = { islandCompactLeading = true, islandCompactTrailing = true, islandMinimal = true }
-- The store name is shortened with "…" (keeping at least 6 characters) before shorter renderings.
local SHORTENS = { title = 6 }
---@param input delivery.Input
return function(input)
  local texts, glance = content.of(input)
  return layout.each(function(placement)
    return layout.wanted(WANTED[placement][input.phase],
      function(id) return GLANCE[placement] and glance[id] or texts[id] end,
      function(id)
        return (id == "title" and TITLE_SLOT[placement]) or (id == "eta" and ETA_SLOT[placement]) or BODY_SLOT[placement]
      end,
      SHORTENS)
  end)
end
