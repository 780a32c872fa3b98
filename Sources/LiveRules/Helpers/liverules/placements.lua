-- liverules.placements: where live content is shown and how much text fits there.
-- Numbers are for the 393-pt iPhone class (the smaller one; 360 dp for Android), so that what
-- fits here fits on every larger device. `width` is the width of a text line in points: the
-- region's width minus its margins (see the README for each derivation). `chars` is how many
-- average characters fit on that line: floor(width / (0.55 * fontSize)).
-- Everything here is read-only; reading an unknown placement, slot or field is an error that
-- suggests the closest name.

local M = {}

-- A slot: its text line width in points, line count, font size and average-character budget.
local function budget(width, lines, fontSize)
  return { width = width, lines = lines, fontSize = fontSize, chars = math.floor(width / (0.55 * fontSize)) }
end

-- Each placement's slots, the default slot first.
local LAYOUT = {
  lockScreen = {
    { "title", budget(285, 1, 17) },     -- 343 usable - 8 margins - 50 kept for a trailing timer/badge
    { "body", budget(335, 3, 15) },      -- 343 usable - 2 x 4 margins
  },
  islandCompactLeading = { { "main", budget(44.33, 1, 15) } },   -- 52.33 - 2 x 4
  islandCompactTrailing = { { "main", budget(44.33, 1, 15) } },  -- 52.33 - 2 x 4
  islandMinimal = { { "main", budget(28.67, 1, 15) } },          -- 36.67 - 2 x 4
  islandExpanded = {
    { "leading", budget(115, 2, 15) },   -- 123 - 2 x 4, beside the camera
    { "trailing", budget(115, 2, 15) },  -- 123 - 2 x 4, beside the camera
    { "center", budget(117, 1, 15) },    -- 125 - 2 x 4, below the camera
    { "bottom", budget(339, 2, 17) },    -- 371 - 2 x 16 (the island's rounded corners)
  },
  standBy = {                          -- the lock screen layout drawn 2x: same budgets in layout points
    { "title", budget(285, 1, 17) },
    { "body", budget(335, 3, 15) },
  },
  watchSmartStack = { { "main", budget(136, 2, 15) } },          -- 152 - 2 x 8
  androidOngoing = {
    { "title", budget(268, 1, 17) },     -- 360 dp - 2 x 16 margins - 44 icon column - 16 end padding
    { "text", budget(268, 1, 15) },
    { "chip", budget(60, 1, 15) },       -- status-bar chip: at most 7 characters
  },
}

local IDS = { "lockScreen", "islandCompactLeading", "islandCompactTrailing", "islandMinimal",
  "islandExpanded", "standBy", "watchSmartStack", "androidOngoing" }

-- Edit distance between two strings, ignoring case (so "lockscreen" is 0 from "lockScreen").
-- Only the first 64 bytes of `a` count, which keeps a huge mistyped key cheap.
local function distance(a, b)
  a, b = string.lower(string.sub(a, 1, 64)), string.lower(b)
  local previous = {}
  for j = 0, #b do previous[j] = j end
  for i = 1, #a do
    local current = { [0] = i }
    for j = 1, #b do
      local cost = string.byte(a, i) == string.byte(b, j) and 0 or 1
      current[j] = math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    end
    previous = current
  end
  return previous[#b]
end

-- The candidate closest to `name` (the earliest one on a tie).
local function closest(name, candidates)
  local best, bestDistance
  for _, candidate in ipairs(candidates) do
    local d = distance(name, candidate)
    if not bestDistance or d < bestDistance then best, bestDistance = candidate, d end
  end
  return best
end

-- "'x' (did you mean 'y'?)" for an unknown key.
local function unknown(key, candidates)
  local shown = type(key) == "string" and "'" .. key .. "'" or tostring(key)
  return shown .. " (did you mean '" .. closest(tostring(key), candidates) .. "'?)"
end

-- The keys of `data` sorted (by type, then value), for a deterministic `pairs`.
local function sorted_keys(data)
  local keys = {}
  for key in pairs(data) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) < type(b) end
    return a < b
  end)
  return keys
end

-- A read-only view of `data` named `path`. `missing(key)` returns the message for reading an
-- unknown key; without it unknown keys read as nil (as a list's end must). `pairs` visits keys
-- in sorted order, `#` and `ipairs` work as on `data`.
-- Reads go straight to `data` (fast); only a miss reaches `missing`, through data's own
-- metatable (data is private to this module, so nothing else sees that metatable).
local function readonly(path, data, missing)
  local keys = sorted_keys(data)
  if missing then
    setmetatable(data, { __index = function(_, key) error(missing(key), 3) end })
  end
  return setmetatable({}, {
    __index = data,
    __newindex = function(_, key)
      error(path .. " is read-only (cannot set " .. tostring(key) .. ")", 2)
    end,
    __len = function() return #data end,
    __pairs = function()
      local i = 0
      return function()
        i = i + 1
        if keys[i] ~= nil then return keys[i], data[keys[i]] end
      end
    end,
    __metatable = false,
  })
end

-- A read-only record whose unknown fields are errors.
local function record(path, data)
  local names = sorted_keys(data)
  return readonly(path, data, function(key)
    return path .. " has no field " .. unknown(key, names)
  end)
end

-- A value as a message shows it: strings quoted, tables and functions by type.
local function describe(value)
  if type(value) == "string" then return '"' .. value .. '"' end
  if type(value) == "table" or type(value) == "function" then return type(value) end
  return tostring(value)
end

local slotNamesOf, slotsOf = {}, {}
for _, id in ipairs(IDS) do
  local names, slots = {}, {}
  for _, pair in ipairs(LAYOUT[id]) do
    names[#names + 1] = pair[1]
    slots[pair[1]] = record("placements." .. id .. ".slots." .. pair[1], pair[2])
  end
  slotNamesOf[id], slotsOf[id] = names, slots
  local default = LAYOUT[id][1][2]
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
M.ids = readonly("placements.ids", IDS)

-- placements.resolve(id [, slot]) -> slot, slotName: the named slot of a placement, or its
-- default slot when `slot` is nil; nil, reason when either is unknown. It never raises.
function M.resolve(id, slot)
  if type(id) ~= "string" then return nil, "placement id must be a string, got " .. describe(id) end
  local names = slotNamesOf[id]
  if not names then return nil, "unknown placement " .. unknown(id, IDS) end
  if slot == nil then return slotsOf[id][names[1]], names[1] end
  if type(slot) ~= "string" then return nil, "slot must be a string, got " .. describe(slot) end
  if rawget(slotsOf[id], slot) == nil then return nil, "placement '" .. id .. "' has no slot " .. unknown(slot, names) end
  return slotsOf[id][slot], slot
end

return readonly("placements", M, function(key)
  return "placements: unknown placement " .. unknown(key, IDS)
end)
