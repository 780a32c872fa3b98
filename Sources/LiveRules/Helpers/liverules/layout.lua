-- liverules.layout: which fields survive in each placement. A layout rule lists the fields it
-- would like a placement to show, most important first; layout.place keeps those that fit the
-- placement's budget and reports the others as dropped:
--   layout.place("islandMinimal", {
--     { id = "remaining", text = { "12 min", "12m" } },   -- renderings, most preferred first
--     { id = "title", text = "Design review" },
--   })
--   --> { fields = { { id = "remaining", text = "12m" } }, dropped = { "title" } }
-- The budget of a placement is how many fields it shows (layout.capacity) and, for each field,
-- a rendering that fits the width of its slot (liverules.text and liverules.placements), on the
-- 393-pt phone class. A field may carry a status glyph (`glyph = "dot"`): it is drawn beside
-- the text, outside the text's budget, so it never changes which rendering fits.

local explain = require "liverules.explain"
local placements = require "liverules.placements"
local support = require "liverules.support"
local text = require "liverules.text"

local describe = support.describe

local M = {}

---A field a layout rule wants a placement to show (see layout.place).
---@class liverules.WantedField
---@field id string the field id
---@field text string|string[] its renderings, most preferred first
---@field slot? string the slot it is measured on (default: the placement's first)
---@field shorten? integer shorten with "…", keeping at least this many characters
---@field glyph? liverules.Glyph a status glyph beside the text

-- How many fields each placement shows at most (the host's numbers, as liverules.placements'):
-- one glyph-sized field in the compact and minimal island, a few lines on the watch and in an
-- Android notification, a card elsewhere.
local CAPACITY = {}
for _, budget in ipairs(support.host("placements", "liverules.layout")()) do
  CAPACITY[budget.id] = budget.capacity
end

-- Whether shown fields note the slot they were measured on: only for the host's output checks
-- (`liverules check`), so that presenting does not carry a key nothing else reads.
local RECORDS_SLOTS = support.host("records_slots", "liverules.layout")()

-- The reason `placementId` names no placement, as layout's functions report it.
local function unknown(fname, placementId)
  local _, reason = placements.resolve(placementId)
  return fname .. ": " .. tostring(reason)
end

-- layout.capacity[placementId] -> how many fields the placement shows at most.
---@type { [liverules.PlacementId]: integer }
M.capacity = support.readonly("layout.capacity", CAPACITY, function(key)
  return unknown("layout.capacity", key)
end)

-- The renderings of a wanted field: its text, or its list of texts.
local function renderings(fname, index, entry)
  if type(entry.text) == "string" then return { entry.text } end
  if type(entry.text) == "table" and #entry.text > 0 then return entry.text end
  error(fname .. ": field " .. index .. " ('" .. tostring(entry.id) .. "'): text must be a string or a "
    .. "non-empty list of strings, got " .. describe(entry.text), 3)
end

-- The rendering of a wanted field shown in its slot, or nil when none fits. A rendering whose
-- text is in `shown` (a field already shown in the placement has it) is passed over: a placement
-- never shows the same text twice. With `shorten = n` the last full rendering is also tried
-- shortened with "…" (keeping at least n characters), just before the last one, the
-- abbreviation: "Next: Design review", "Design review", "Design rev…", "DR"; when that
-- shortening is already shown, the renderings before it are tried shortened instead ("Next:
-- Desi…"). A field with a single rendering is tried shortened after it.
local function choose(slot, options, entry, shown)
  local function shortened(option)
    local cut = text.truncate(option, slot.width, slot.fontSize)
    if text.length(cut) - 1 >= entry.shorten then return cut end
    return nil
  end
  -- The shortening of options[last], or of the nearest one before it whose shortening is not shown.
  local function shortenedFrom(last)
    for position = last, 1, -1 do
      local cut = shortened(options[position])
      if cut == nil or not shown[cut] then return cut end
    end
    return nil
  end
  local count = #options
  for position, option in ipairs(options) do
    if entry.shorten and position == count and count > 1 then
      local cut = shortenedFrom(count - 1)
      if cut then return cut end
    end
    if not shown[option] and text.width(option, slot.fontSize) <= slot.width then return option end
  end
  if entry.shorten and count == 1 then return shortenedFrom(1) end
  return nil
end

-- Records, when the host explains, why the wanted field `entry` was not shown in `placementId`
-- (the placement was full, no rendering fits the slot, or every one that fits is already
-- shown), with the width of its narrowest rendering against the slot's.
local function explainDropped(placementId, entry, options, slot, name, capacity, full)
  local narrowest, width
  for _, option in ipairs(options) do
    local measured = text.width(option, slot.fontSize)
    if width == nil or measured < width then narrowest, width = option, measured end
  end
  local measures = string.format("%s is %.1f pt wide, slot %s has %.1f pt", describe(narrowest), width, name, slot.width)
  local why
  if full then
    why = placementId .. " shows at most " .. capacity .. " field" .. (capacity == 1 and "" or "s") .. " (" .. measures .. ")"
  elseif width > slot.width then
    why = measures
  else
    why = "every rendering that fits is already shown (" .. measures .. ")"
  end
  explain.record { kind = "dropped", output = "layout." .. placementId, field = entry.id, width = width,
    budget = slot.width, capacity = full and capacity or nil, summary = entry.id .. " dropped: " .. why }
end

-- layout.place(placementId, wanted) -> { fields = { { id, text, glyph, slot } ... },
-- dropped = { id ... } }
-- `wanted` lists fields most important first: { id = "title", text = string | { renderings },
-- slot = "body" (default: the placement's first slot), shorten = 6 (see above), glyph = "dot"
-- (optional; see the helper README for the glyphs) }. A field is shown when the placement has
-- room for one more field and one of its renderings fits the slot it is shown in and is not the
-- text of a field shown before it; shown fields keep the order of `wanted`. The slot it is shown
-- in is its `slot`, except for the first field shown on a placement whose surface puts its first
-- field in a slot of its own (placements.lead: Android's notification title), which is measured
-- there. Each shown field keeps its `glyph`; for the host's output checks it also says the
-- `slot` it was measured on.
---@param placementId liverules.PlacementId
---@param wanted liverules.WantedField[]
---@return { fields: { id: string, text: string, glyph: liverules.Glyph? }[], dropped: string[] }
function M.place(placementId, wanted)
  local capacity = rawget(CAPACITY, placementId)
  if capacity == nil then error(unknown("layout.place", placementId), 2) end
  if type(wanted) ~= "table" then
    error("layout.place: wanted must be a list of fields, got " .. describe(wanted), 2)
  end
  local fields, dropped, shown, lead = {}, {}, {}, placements.lead(placementId)
  for index, entry in ipairs(wanted) do
    if type(entry) ~= "table" or type(entry.id) ~= "string" then
      error("layout.place: field " .. index .. " must be a table with an id, got " .. describe(entry), 2)
    end
    if entry.shorten ~= nil and math.type(entry.shorten) ~= "integer" then
      error("layout.place: field " .. index .. " ('" .. entry.id .. "'): shorten must be a whole number of "
        .. "characters to keep, got " .. describe(entry.shorten), 2)
    end
    if entry.glyph ~= nil and type(entry.glyph) ~= "string" then
      error("layout.place: field " .. index .. " ('" .. entry.id .. "'): glyph must be a string such as \"dot\", got "
        .. describe(entry.glyph), 2)
    end
    local options = renderings("layout.place", index, entry)
    local slot, name = placements.resolve(placementId, entry.slot)
    if slot == nil then error("layout.place: field " .. index .. " ('" .. entry.id .. "'): " .. name, 2) end
    if #fields == 0 and lead ~= nil then slot, name = placements.resolve(placementId, lead) end
    local chosen = #fields < capacity and choose(slot, options, entry, shown) or nil
    if chosen then
      local field = entry.glyph and { id = entry.id, text = chosen, glyph = entry.glyph } or { id = entry.id, text = chosen }
      if RECORDS_SLOTS then field.slot = name end
      fields[#fields + 1] = field
      shown[chosen] = true
    else
      dropped[#dropped + 1] = entry.id
      if explain.on then explainDropped(placementId, entry, options, slot, name, capacity, #fields >= capacity) end
    end
  end
  if explain.on then
    local ids = {}
    for index, field in ipairs(fields) do ids[index] = field.id end
    explain.record { kind = "placed", output = "layout." .. placementId,
      summary = placementId .. " shows " .. (#ids > 0 and table.concat(ids, ", ") or "nothing") }
  end
  return { fields = fields, dropped = dropped }
end

-- layout.wanted(ids, text_of [, slot_of [, shorten [, glyph_of]]]) -> the wanted list for
-- layout.place: for each id in order whose text_of(id) is not nil, { id = id, text = text_of(id),
-- slot = slot_of and slot_of(id), shorten = shorten and shorten[id],
-- glyph = glyph_of and glyph_of(id) }.
---@param ids string[]
---@param text_of fun(id: string): (string|string[])?
---@param slot_of? fun(id: string): string?
---@param shorten? { [string]: integer }
---@param glyph_of? fun(id: string): liverules.Glyph?
---@return liverules.WantedField[]
function M.wanted(ids, text_of, slot_of, shorten, glyph_of)
  if type(ids) ~= "table" then error("layout.wanted: ids must be a list of field ids, got " .. describe(ids), 2) end
  if type(text_of) ~= "function" then
    error("layout.wanted: text_of must be a function(id) returning the field's text, got " .. describe(text_of), 2)
  end
  if slot_of ~= nil and type(slot_of) ~= "function" then
    error("layout.wanted: slot_of must be a function(id) returning a slot, got " .. describe(slot_of), 2)
  end
  if shorten ~= nil and type(shorten) ~= "table" then
    error("layout.wanted: shorten must be a table of characters to keep by id, got " .. describe(shorten), 2)
  end
  if glyph_of ~= nil and type(glyph_of) ~= "function" then
    error("layout.wanted: glyph_of must be a function(id) returning a glyph or nil, got " .. describe(glyph_of), 2)
  end
  local wanted = {}
  for _, id in ipairs(ids) do
    local text = text_of(id)
    if text ~= nil then
      wanted[#wanted + 1] = { id = id, text = text, slot = slot_of and slot_of(id), shorten = shorten and shorten[id],
                              glyph = glyph_of and glyph_of(id) }
    end
  end
  return wanted
end

-- layout.each(wanted) -> { [placementId] = layout.place(placementId, wanted(placementId)) }
-- for every placement: the whole layout a layout rule returns.
---@param wanted fun(placementId: liverules.PlacementId): liverules.WantedField[]
---@return { [liverules.PlacementId]: { fields: table[], dropped: string[] } }
function M.each(wanted)
  if type(wanted) ~= "function" then
    error("layout.each: expected a function(placementId) returning the wanted fields, got " .. describe(wanted), 2)
  end
  local result = {}
  for _, id in ipairs(placements.ids) do
    result[id] = M.place(id, wanted(id))
  end
  return result
end

return M
