-- liverules.layout: which fields survive in each placement. A layout rule lists the fields it
-- would like a placement to show, most important first; layout.place keeps those that fit the
-- placement's budget and reports the others as dropped:
--   layout.place("islandMinimal", {
--     { id = "remaining", text = { "12 min", "12m" } },   -- renderings, most preferred first
--     { id = "title", text = "Design review" },
--   })
--   --> { fields = { { id = "remaining", text = "12m", slot = "main", line = 1 } }, dropped = { "title" } }
-- The budget of a placement is how many fields it shows (layout.capacity) and, for each field,
-- a rendering that fits the width of its slot (liverules.text and liverules.placements), on the
-- 393-pt phone class. A field may carry a status glyph (`glyph = "dot"`): it is drawn beside
-- the text, outside the text's budget, so it never changes which rendering fits. It may carry a
-- live form (`live = { timer = { ... } }`, see liverules.time): a countdown or progress the
-- device keeps current, its text what it reads now. A timer is measured on the widest text it
-- reads as it runs: its clock with every digit a 0 and minutes in two digits ("in 9:59" as
-- "in 00:00"), as devices draw timers with digits of one width and Android writes "09:59", and
-- a clock counting up from under an hour as one past it ("0:00:00"), which it grows into; a
-- progress, drawn as a bar that takes its slot's room, always fits.
-- Each shown field takes a place on a line of its slot: it follows the field before it on that
-- line, LINE_GAP points after it, when both fit the slot's width, and starts the next line
-- otherwise; a slot whose lines are all taken shows no more fields. A progress takes a line of
-- its own, and a glyph its width (Glyph.width) beside its text. Shown fields say where they
-- are: `slot` and `line` (1 for the slot's first), the region and line a device draws them in.

local explain = require "liverules.explain"
local placements = require "liverules.placements"
local support = require "liverules.support"
local text = require "liverules.text"

local describe = support.describe
local text_width, text_truncate, text_length = text.width, text.truncate, text.length
local EXPLAINS = explain.on  -- fixed for the state (see liverules.explain)

local M = {}

---A field a layout rule wants a placement to show (see layout.place).
---@class liverules.WantedField
---@field id string the field id
---@field text string|string[] its renderings, most preferred first
---@field slot? string the slot it is measured on (default: the placement's first)
---@field shorten? integer shorten with "…", keeping at least this many characters
---@field glyph? liverules.Glyph a status glyph beside the text
---@field live? liverules.LiveForm a countdown or progress the device keeps current (its text: what it reads now)

-- How many fields each placement shows at most (the host's numbers, as liverules.placements'):
-- one glyph-sized field in the compact and minimal island, a few lines on the watch and in an
-- Android notification, a card elsewhere.
-- MINUTES[id]: whether the placement draws a timer without hours as its whole minutes ("67'"),
-- redrawn each minute, since its one clock shows hours from the 60th minute on (Android's
-- notification).
local CAPACITY, MINUTES = {}, {}
for _, budget in ipairs(support.host("placements", "liverules.layout")()) do
  CAPACITY[budget.id] = budget.capacity
  MINUTES[budget.id] = budget.minuteTimers
end

-- Points between two fields on one line (a stack's spacing).
local LINE_GAP = 8

-- The host's native layout.place for the common case (plain, well-formed entries with ASCII
-- text, live forms plain tables, lrl_layout.c): it returns the placement's result, or nothing
-- when this definition must run (which alone raises errors and explains, so explaining always
-- runs it).
-- This file is the reference path; NativeLayoutTests holds the two to the same results.
local native_place = not EXPLAINS and support.host("layout_place", "liverules.layout") or function() return nil end
-- The host's native layout.wanted: the wanted list, or nothing for arguments of the wrong type
-- (this definition then words the error).
local native_wanted = support.host("layout_wanted", "liverules.layout")

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

-- Each placement's slots as layout measures them, by name: { width, fontSize, lines } (plain tables,
-- read on every field; placements.resolve words the errors), its default slot's name and its
-- lead slot's (placements.lead).
local SLOTS, DEFAULT_SLOT, LEAD_SLOT, IDS = {}, {}, {}, {}
for index, id in ipairs(placements.ids) do
  LEAD_SLOT[id] = placements.lead(id)
  local byName = {}
  for position, name in ipairs(placements[id].slotNames) do
    local slot = placements.resolve(id, name)
    byName[name] = { width = slot.width, fontSize = slot.fontSize, lines = slot.lines }
    if position == 1 then DEFAULT_SLOT[id] = name end
  end
  SLOTS[id], IDS[index] = byName, id
end

-- Whether `option` is not shown yet and fits `slot`.
local function fresh_fit(option, slot, shown)
  return not shown[option] and text_width(option, slot.fontSize) <= slot.width
end

-- What a live field's rendering `option` is measured on (see the top of this file): "" for a
-- progress; for a timer without hours where the placement draws its whole minutes (`minutes`:
-- Android), those minutes, at least two digits ("00'") and three counting up ("000'"); for a
-- timer, its clock (what is between the timer's prefix and suffix) with every
-- digit a 0 and a one-digit minute made two, and an hour place for one that counts up (a third
-- minute digit when it shows no hours); the option as written when it does not read as its
-- timer (the host then refuses the field).
local function widest(option, live, minutes)
  local timer = live.timer
  if timer == nil then return "" end
  if type(timer) ~= "table" then return option end
  local prefix, suffix = timer.prefix or "", timer.suffix or ""
  if type(prefix) ~= "string" or type(suffix) ~= "string" or #option < #prefix + #suffix
    or string.sub(option, 1, #prefix) ~= prefix or string.sub(option, #option - #suffix + 1) ~= suffix then
    return option
  end
  local clock = string.gsub(string.sub(option, #prefix + 1, #option - #suffix), "%d", "0")
  if minutes and timer.showsHours == false then
    local digits = string.match(clock, "^(0+):00$")
    if digits then
      return prefix .. string.rep("0", math.max(timer.counts == "up" and 3 or 2, #digits)) .. "'" .. suffix
    end
  end
  if string.find(clock, "^0:00$") then clock = "0" .. clock end
  if timer.counts == "up" and clock == "00:00" then clock = timer.showsHours == false and "000:00" or "0:00:00" end
  return prefix .. clock .. suffix
end

-- The first rendering of a live field that is not shown yet and whose widest text fits `slot`
-- (`minutes`: as widest measures it).
local function choose_live(slot, options, live, shown, minutes)
  if type(options) == "string" then options = { options } end
  for _, option in ipairs(options) do
    if not shown[option] and text_width(widest(option, live, minutes), slot.fontSize) <= slot.width then return option end
  end
  return nil
end

-- `option` shortened with "…" to fit `slot`, when at least `keeps` characters are left; else nil.
local function shortened(option, slot, keeps)
  local cut = text_truncate(option, slot.width, slot.fontSize)
  if text_length(cut) - 1 >= keeps then return cut end
  return nil
end

-- The shortening of options[last], or of the nearest one before it whose shortening is not shown.
local function shortened_from(options, last, slot, keeps, shown)
  for position = last, 1, -1 do
    local cut = shortened(options[position], slot, keeps)
    if cut == nil or not shown[cut] then return cut end
  end
  return nil
end

-- The rendering of a wanted field shown in its slot, or nil when none fits. A rendering whose
-- text is in `shown` (a field already shown in the placement has it) is passed over: a placement
-- never shows the same text twice. With `shorten = n` (`keeps`) the last full rendering is also
-- tried shortened with "…" (keeping at least n characters), just before the last one, the
-- abbreviation: "Next: Design review", "Design review", "Design rev…", "DR"; when that
-- shortening is already shown, the renderings before it are tried shortened instead ("Next:
-- Desi…"). A field with a single rendering (a string `options`) is tried shortened after it.
local function choose(slot, options, keeps, shown)
  if type(options) == "string" then
    if fresh_fit(options, slot, shown) then return options end
    if keeps == nil then return nil end
    local cut = shortened(options, slot, keeps)
    if cut == nil or not shown[cut] then return cut end
    return nil
  end
  local count = #options
  for position = 1, count do
    local option = options[position]
    if keeps and position == count and count > 1 then
      local cut = shortened_from(options, count - 1, slot, keeps, shown)
      if cut then return cut end
    end
    if fresh_fit(option, slot, shown) then return option end
  end
  if keeps and count == 1 then return shortened_from(options, 1, slot, keeps, shown) end
  return nil
end

-- The width a glyph takes beside its text (Glyph.width): an icon two average characters, a dot
-- what the minimal presentation may grow by.
local function glyph_width(glyph)
  if glyph == nil then return 0 end
  if string.sub(glyph, 1, 5) == "icon:" then return 16.5 end
  return 8.33
end

-- The line of `slot` a field `width` points wide takes, given `lines[name]` = { line, used } (the
-- slot's last line so far and the width its fields use), which it updates; nil when the slot's
-- lines are all taken.
local function take_line(lines, name, slot, width)
  local at = lines[name]
  if at == nil then
    lines[name] = { line = 1, used = width }
    return 1
  end
  if at.used + LINE_GAP + width <= slot.width then
    at.used = at.used + LINE_GAP + width
    return at.line
  end
  if at.line >= slot.lines then return nil end
  at.line, at.used = at.line + 1, width
  return at.line
end

-- Records, when the host explains, why the wanted field `entry` was not shown in `placementId`
-- (the placement was full, its slot's lines were all taken, no rendering fits the slot, or every
-- one that fits is already shown), with the width of its narrowest rendering against the slot's.
local function explainDropped(placementId, entry, options, slot, name, capacity, full, linesTaken)
  local narrowest, width
  for _, option in ipairs(options) do
    local measured = text_width(option, slot.fontSize)
    if width == nil or measured < width then narrowest, width = option, measured end
  end
  local measures = string.format("%s is %.1f pt wide, slot %s has %.1f pt", describe(narrowest), width, name, slot.width)
  local why
  if full then
    why = placementId .. " shows at most " .. capacity .. " field" .. (capacity == 1 and "" or "s") .. " (" .. measures .. ")"
  elseif linesTaken then
    why = "slot " .. name .. "'s " .. slot.lines .. " line" .. (slot.lines == 1 and " is" or "s are") .. " taken (" .. measures .. ")"
  elseif width > slot.width then
    why = measures
  else
    why = "every rendering that fits is already shown (" .. measures .. ")"
  end
  explain.record { kind = "dropped", output = "layout." .. placementId, field = entry.id, width = width,
    budget = slot.width, capacity = full and capacity or nil, summary = entry.id .. " dropped: " .. why }
end

-- layout.place(placementId, wanted) -> { fields = { { id, text, glyph, live, slot, line } ... },
-- dropped = { id ... } }
-- `wanted` lists fields most important first: { id = "title", text = string | { renderings },
-- slot = "body" (default: the placement's first slot), shorten = 6 (see above), glyph = "dot"
-- (optional; the manual's HelperLibrary article lists the glyphs), live = a live form (optional:
-- { timer = { date, counts, style } } or { progress = { start, finish } }, as liverules.time's
-- helpers return it, the host checks it) }. A field is shown when the placement has
-- room for one more field and one of its renderings fits the slot it is shown in and is not the
-- text of a field shown before it, and its slot has a line with room for it (see the top of this
-- file); shown fields keep the order of `wanted`. The slot it is shown in is its `slot`, except
-- for the first field shown on a placement whose surface puts its first field in a slot of its
-- own (placements.lead: Android's notification title), which is measured there. Each shown field
-- keeps its `glyph` and `live`, and says the `slot` and `line` it is shown on.
---@param placementId liverules.PlacementId
---@param wanted liverules.WantedField[]
---@return { fields: { id: string, text: string, glyph: liverules.Glyph?, live: liverules.LiveForm?, slot: string, line: integer }[], dropped: string[] }
function M.place(placementId, wanted)
  local capacity = rawget(CAPACITY, placementId)
  if capacity == nil then error(unknown("layout.place", placementId), 2) end
  local minutes = MINUTES[placementId]
  local placed = native_place(wanted, capacity, SLOTS[placementId], DEFAULT_SLOT[placementId], LEAD_SLOT[placementId], minutes)
  if placed then return placed end
  if type(wanted) ~= "table" then
    error("layout.place: wanted must be a list of fields, got " .. describe(wanted), 2)
  end
  local slots, default, lead = SLOTS[placementId], DEFAULT_SLOT[placementId], LEAD_SLOT[placementId]
  local fields, dropped, shown, lines, count = {}, {}, {}, {}, 0
  local index, entry = 1, wanted[1]
  while entry ~= nil do  -- as ipairs: up to the first nil
    local id = type(entry) == "table" and entry.id
    if type(id) ~= "string" then
      error("layout.place: field " .. index .. " must be a table with an id, got " .. describe(entry), 2)
    end
    local keeps, glyph, live, options = entry.shorten, entry.glyph, entry.live, entry.text
    if keeps ~= nil and math.type(keeps) ~= "integer" then
      error("layout.place: field " .. index .. " ('" .. id .. "'): shorten must be a whole number of "
        .. "characters to keep, got " .. describe(keeps), 2)
    end
    if glyph ~= nil and type(glyph) ~= "string" then
      error("layout.place: field " .. index .. " ('" .. id .. "'): glyph must be a string such as \"dot\", got "
        .. describe(glyph), 2)
    end
    if live ~= nil and type(live) ~= "table" then
      error("layout.place: field " .. index .. " ('" .. id .. "'): live must be a table such as "
        .. "time.countdown(...).live, got " .. describe(live), 2)
    end
    if type(options) ~= "string" then options = renderings("layout.place", index, entry) end
    local name = entry.slot
    if name == nil then name = default end
    local slot = slots[name]
    if slot == nil then
      local _, reason = placements.resolve(placementId, name)
      error("layout.place: field " .. index .. " ('" .. id .. "'): " .. reason, 2)
    end
    if count == 0 and lead ~= nil then slot, name = slots[lead], lead end
    local chosen, line = nil, nil
    if count < capacity then
      if live ~= nil then chosen = choose_live(slot, options, live, shown, minutes) else chosen = choose(slot, options, keeps, shown) end
    end
    if chosen then
      local width = slot.width
      if live == nil or live.timer ~= nil then
        width = text_width(live and widest(chosen, live, minutes) or chosen, slot.fontSize)
      end
      line = take_line(lines, name, slot, width + glyph_width(glyph))
    end
    if line then
      local field = glyph and { id = id, text = chosen, glyph = glyph } or { id = id, text = chosen }
      if live ~= nil then field.live = live end
      field.slot, field.line = name, line
      count = count + 1
      fields[count] = field
      shown[chosen] = true
    else
      dropped[#dropped + 1] = id
      if EXPLAINS then
        local measured = type(options) == "string" and { options } or options
        if live ~= nil then
          local widths = {}
          for position, option in ipairs(measured) do widths[position] = widest(option, live) end
          measured = widths
        end
        explainDropped(placementId, entry, measured, slot, name, capacity,
          count >= capacity, chosen ~= nil)
      end
    end
    index = index + 1
    entry = wanted[index]
  end
  if EXPLAINS then
    local ids = {}
    for position, field in ipairs(fields) do ids[position] = field.id end
    explain.record { kind = "placed", output = "layout." .. placementId,
      summary = placementId .. " shows " .. (#ids > 0 and table.concat(ids, ", ") or "nothing") }
  end
  return { fields = fields, dropped = dropped }
end

-- layout.wanted(ids, text_of [, slot_of [, shorten [, glyph_of [, live_of]]]]) -> the wanted
-- list for layout.place: for each id in order whose text_of(id) is not nil, { id = id,
-- text = text_of(id), slot = slot_of and slot_of(id), shorten = shorten and shorten[id],
-- glyph = glyph_of and glyph_of(id), live = live_of and live_of(id) }.
---@param ids string[]
---@param text_of fun(id: string): (string|string[])?
---@param slot_of? fun(id: string): string?
---@param shorten? { [string]: integer }
---@param glyph_of? fun(id: string): liverules.Glyph?
---@param live_of? fun(id: string): liverules.LiveForm?
---@return liverules.WantedField[]
function M.wanted(ids, text_of, slot_of, shorten, glyph_of, live_of)
  local listed = native_wanted(ids, text_of, slot_of, shorten, glyph_of, live_of)
  if listed then return listed end
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
  if live_of ~= nil and type(live_of) ~= "function" then
    error("layout.wanted: live_of must be a function(id) returning a live form or nil, got " .. describe(live_of), 2)
  end
  local wanted, count = {}, 0
  local index, id = 1, ids[1]
  while id ~= nil do  -- as ipairs: up to the first nil
    local text = text_of(id)
    if text ~= nil then
      count = count + 1
      wanted[count] = { id = id, text = text, slot = slot_of and slot_of(id), shorten = shorten and shorten[id],
                        glyph = glyph_of and glyph_of(id), live = live_of and live_of(id) }
    end
    index = index + 1
    id = ids[index]
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
  for index = 1, #IDS do
    local id = IDS[index]
    result[id] = M.place(id, wanted(id))
  end
  return result
end

return M
