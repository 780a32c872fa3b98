-- liverules.placements: where live content is shown and how much text fits there.
-- The numbers are the host's (one definition, in Swift: PlacementBudget), handed over once when
-- this module loads: for each placement its slots, default first, each with `width` (of a text
-- line, in points, on the 393-pt phone class layouts are decided for), `widths` (the same by
-- phone class: `widths[393]`, `widths[430]`), `lines`, `fontSize`, `chars` (average characters
-- that fit on a line) and `lead` (true when the surface shows the placement's first field in
-- this slot, as Android's notification title does).
-- Everything here is read-only; reading an unknown placement, slot or field is an error that
-- suggests the closest name.

local support = require "liverules.support"
local describe, hint, readonly = support.describe, support.hint, support.readonly

local M = {}

---A slot of a placement: where it shows text, and how much fits.
---@class liverules.Slot
---@field width number the width of a line in points, on the 393-pt phone class
---@field widths { [393]: number, [430]: number } the width by phone class
---@field lines integer
---@field fontSize integer
---@field chars integer average characters that fit on a line
---@field lead boolean whether the surface shows the placement's first field here

---A placement's record: its default slot's numbers, and its slots by name.
---@class liverules.Placement
---@field id liverules.PlacementId
---@field width number
---@field widths { [393]: number, [430]: number }
---@field lines integer
---@field fontSize integer
---@field chars integer
---@field slotNames string[] the slots' names, default first
---@field slots { [string]: liverules.Slot }

-- An unknown key as messages show it, with the host's suggestion.
local function unknown(key, candidates)
  local shown = type(key) == "string" and "'" .. key .. "'" or tostring(key)
  return shown .. hint(key, candidates)
end

-- The keys of `data`, sorted.
local function names_of(data)
  local names = {}
  for name in pairs(data) do names[#names + 1] = name end
  table.sort(names)
  return names
end

-- A read-only record whose unknown fields are errors.
local function record(path, data)
  local names = names_of(data)
  return readonly(path, data, function(key)
    return path .. " has no field " .. unknown(key, names)
  end)
end

-- The phone classes the widths are given for, as messages list them.
local PHONES = "393, 430"

local ids, slotNamesOf, slotsOf, leadOf = {}, {}, {}, {}
for _, budget in ipairs(support.host("placements", "liverules.placements")()) do
  local id, names, slots = budget.id, {}, {}
  for _, slot in ipairs(budget.slots) do
    names[#names + 1] = slot.name
    local path = "placements." .. id .. ".slots." .. slot.name
    slots[slot.name] = record(path, {
      width = slot.width, lines = slot.lines, fontSize = slot.fontSize, chars = slot.chars, lead = slot.lead,
      widths = readonly(path .. ".widths", slot.widths, function(key)
        return path .. ".widths: no phone class " .. tostring(key) .. " (classes: " .. PHONES .. ")"
      end),
    })
    if slot.lead then leadOf[id] = slot.name end
  end
  ids[#ids + 1] = id
  slotNamesOf[id], slotsOf[id] = names, slots
  local default = budget.slots[1]
  M[id] = record("placements." .. id, {
    id = id,
    width = default.width,
    widths = slots[default.name].widths,
    lines = default.lines,
    fontSize = default.fontSize,
    chars = default.chars,
    slotNames = readonly("placements." .. id .. ".slotNames", names),
    slots = readonly("placements." .. id .. ".slots", slots, function(key)
      return "placements." .. id .. " has no slot " .. unknown(key, names)
    end),
  })
end

-- placements.lead(id) -> the name of the slot the surface shows the placement's first field in,
-- or nil when the placement has none (or `id` names no placement).
---@param id liverules.PlacementId
---@return string?
function M.lead(id)
  return leadOf[id]
end

-- placements.ids: the placement ids in a fixed order.
---@type liverules.PlacementId[]
M.ids = readonly("placements.ids", ids)

-- placements.resolve(id [, slot]) -> slot, slotName: the named slot of a placement, or its
-- default slot when `slot` is nil; nil, reason when either is unknown. It never raises.
---@param id liverules.PlacementId
---@param slot? string
---@return liverules.Slot? slot
---@return string slotName the slot's name, or why there is none
function M.resolve(id, slot)
  if type(id) ~= "string" then return nil, "placement id must be a string, got " .. describe(id) end
  local names = slotNamesOf[id]
  if not names then return nil, "unknown placement " .. unknown(id, ids) end
  if slot == nil then return slotsOf[id][names[1]], names[1] end
  if type(slot) ~= "string" then return nil, "slot must be a string, got " .. describe(slot) end
  if rawget(slotsOf[id], slot) == nil then return nil, "placement '" .. id .. "' has no slot " .. unknown(slot, names) end
  return slotsOf[id][slot], slot
end

-- What a rule may read here, for the suggestion when it reads something else: the functions
-- and fields, then the placement ids.
local known = names_of(M)

return readonly("placements", M, function(key)
  return "placements has no function or placement " .. unknown(key, known)
end)
