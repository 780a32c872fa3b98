-- liverules.placements: where live content is shown and how much text fits there.
-- The numbers are the host's (one definition, in Swift: PlacementBudget), handed over once when
-- this module loads: for each placement its slots, default first, each with `width` (of a text
-- line, in points), `lines`, `fontSize` and `chars` (average characters that fit on a line).
-- Everything here is read-only; reading an unknown placement, slot or field is an error that
-- suggests the closest name.

local support = require "liverules.support"
local describe, hint, readonly = support.describe, support.hint, support.readonly

local M = {}

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

local ids, slotNamesOf, slotsOf = {}, {}, {}
for _, budget in ipairs(support.host("placements", "liverules.placements")()) do
  local id, names, slots = budget.id, {}, {}
  for _, slot in ipairs(budget.slots) do
    names[#names + 1] = slot.name
    slots[slot.name] = record("placements." .. id .. ".slots." .. slot.name, {
      width = slot.width, lines = slot.lines, fontSize = slot.fontSize, chars = slot.chars,
    })
  end
  ids[#ids + 1] = id
  slotNamesOf[id], slotsOf[id] = names, slots
  local default = budget.slots[1]
  M[id] = record("placements." .. id, {
    id = id,
    width = default.width,
    lines = default.lines,
    fontSize = default.fontSize,
    chars = default.chars,
    slotNames = readonly("placements." .. id .. ".slotNames", names),
    slots = readonly("placements." .. id .. ".slots", slots, function(key)
      return "placements." .. id .. " has no slot " .. unknown(key, names)
    end),
  })
end

-- placements.ids: the placement ids in a fixed order.
M.ids = readonly("placements.ids", ids)

-- placements.resolve(id [, slot]) -> slot, slotName: the named slot of a placement, or its
-- default slot when `slot` is nil; nil, reason when either is unknown. It never raises.
function M.resolve(id, slot)
  if type(id) ~= "string" then return nil, "placement id must be a string, got " .. describe(id) end
  local names = slotNamesOf[id]
  if not names then return nil, "unknown placement " .. unknown(id, ids) end
  if slot == nil then return slotsOf[id][names[1]], names[1] end
  if type(slot) ~= "string" then return nil, "slot must be a string, got " .. describe(slot) end
  if rawget(slotsOf[id], slot) == nil then return nil, "placement '" .. id .. "' has no slot " .. unknown(slot, names) end
  return slotsOf[id][slot], slot
end

return readonly("placements", M, function(key)
  return "placements: unknown placement " .. unknown(key, ids)
end)
