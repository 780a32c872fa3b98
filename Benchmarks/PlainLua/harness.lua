-- The plain-Lua baseline: a pack's rules and the helper library run by the stock interpreter on
-- plain tables, as the host would run them without its sandbox, schema check, views, budgets
-- and marshaling. The host functions the helpers call are written here in plain Lua (the native
-- text functions as text.lua itself measured ASCII text before the host did); the host's native
-- layout.place and layout.wanted are left out, so layout.lua's Lua definitions run.
--   lua5.4 harness.lua <helpers dir> <pack dir> <fixtures.lua> <presentations> [check]
-- Presents the fixtures in turn (the same order as `liverules bench`) and prints the CPU time
-- per presentation; with `check`, prints each fixture's presentation as canonical JSON instead
-- (compare.sh compares them with the goldens).
-- luacheck: allow defined top, ignore 131, max line length 140
-- (the host functions are globals, as the host registers them; the helpers read them)
local helpers, pack, data, count, check = ...
package.path = helpers .. "/?.lua;" .. pack .. "/?.lua"
local fixtures = dofile(data)
collectgarbage("generational")  -- as the host runs its states
count = math.tointeger(tonumber(count)) or 1000

local find, byte, sub, upper = string.find, string.byte, string.sub, string.upper

-- ---------------------------------------------------------------- host functions

function liverules_host_explains() return false end
function liverules_host_layout_place() return nil end  -- layout.lua's own definitions run
function liverules_host_layout_wanted() return nil end
function liverules_host_suggestion() return "" end
function liverules_host_colour_valid(text) return find(text, "^#%x%x%x%x%x%x$") ~= nil end

-- Placement.swift, as liverules_host_placements encodes it.
local function slot(name, width, wide, lines, fontSize, lead)
  return { name = name, width = width, widths = { [393] = width, [430] = wide or width }, lines = lines,
           fontSize = fontSize, chars = math.floor(width / (0.55 * fontSize)), lead = lead or false }
end
function liverules_host_placements()
  local card = function() return { slot("title", 285, 322, 1, 17), slot("body", 335, 372, 3, 15) } end
  return {
    { id = "lockScreen", capacity = 8, slots = card() },
    { id = "islandCompactLeading", capacity = 1, slots = { slot("main", 44.33, 54.33, 1, 15) } },
    { id = "islandCompactTrailing", capacity = 1, slots = { slot("main", 44.33, 54.33, 1, 15) } },
    { id = "islandMinimal", capacity = 1, slots = { slot("main", 28.67, nil, 1, 11) } },
    { id = "islandExpanded", capacity = 6, slots = { slot("leading", 115, 133, 2, 15), slot("trailing", 115, 133, 2, 15),
                                                     slot("center", 117, nil, 1, 15), slot("bottom", 339, 376, 2, 17) } },
    { id = "standBy", capacity = 8, slots = card() },
    { id = "watchSmartStack", capacity = 3, slots = { slot("main", 136, nil, 2, 15) } },
    { id = "androidOngoing", capacity = 4, minuteTimers = true,
      slots = { slot("title", 268, nil, 1, 17, true), slot("text", 268, nil, 1, 15), slot("progress", 268, nil, 1, 15),
                slot("chip", 60, nil, 1, 15) } },
  }
end

-- time.clock: the zone's offset from the table fixtures.py wrote.
function liverules_host_clock(seconds, zone)
  local changes, offset = fixtures.zones[zone], 0
  for i = 1, #changes do
    if changes[i][1] <= seconds then offset = changes[i][2] else break end
  end
  return os.date("!%H:%M", math.floor(seconds + offset))
end

-- Grapheme clusters, enough for the fixtures: a scalar and what joins it (combining marks,
-- variation selectors, skin tones, tags, keycaps, a zero-width joiner and the scalar after it,
-- the second of a pair of regional indicators).
local function extends(cp)
  return (cp >= 0x300 and cp <= 0x36F) or cp == 0xFE0F or cp == 0xFE0E or (cp >= 0x1F3FB and cp <= 0x1F3FF)
      or (cp >= 0xE0020 and cp <= 0xE007F) or cp == 0x20E3
end
local function regional(cp) return cp >= 0x1F1E6 and cp <= 0x1F1FF end
local function clusters(s)
  local list, joined = {}, false
  for position, cp in utf8.codes(s) do
    local last = list[#list]
    if last and (joined or extends(cp) or cp == 0x200D
                 or (regional(cp) and #last.cps == 1 and regional(last.cps[1]))
                 or (cp == 10 and last.cps[1] == 13 and #last.cps == 1)) then
      last.cps[#last.cps + 1] = cp
      last.stop = position + #utf8.char(cp) - 1
    else
      list[#list + 1] = { cps = { cp }, start = position, stop = position + #utf8.char(cp) - 1 }
    end
    joined = cp == 0x200D
  end
  return list
end
local function wide(cp)
  return (cp >= 0x1100 and cp <= 0x115F) or (cp >= 0x2E80 and cp <= 0x303E) or (cp >= 0x3041 and cp <= 0x33FF)
      or (cp >= 0x3400 and cp <= 0x4DBF) or (cp >= 0x4E00 and cp <= 0x9FFF) or (cp >= 0xA000 and cp <= 0xA4CF)
      or (cp >= 0xAC00 and cp <= 0xD7A3) or (cp >= 0xF900 and cp <= 0xFAFF) or (cp >= 0xFF00 and cp <= 0xFF60)
      or (cp >= 0x20000 and cp <= 0x3FFFD)
end
-- The width model (lrl_ascii_advance, LRL_ELLIPSIS_UNITS): narrow and wide ASCII, "…".
local NARROW = { [32] = 30, [33] = 30, [39] = 30, [44] = 30, [46] = 30, [58] = 30, [59] = 30,
                 [105] = 30, [108] = 30, [124] = 30, [77] = 80, [87] = 80, [109] = 80, [119] = 80, [64] = 80 }
local ELLIPSIS = 80
-- Emoji_Presentation scalars below U+1F300 (ranges, first and last).
local PRESENTED = { 0x231A, 0x231B, 0x23E9, 0x23EC, 0x23F0, 0x23F0, 0x23F3, 0x23F3, 0x25FD, 0x25FE, 0x2614, 0x2615,
                    0x2648, 0x2653, 0x267F, 0x267F, 0x2693, 0x2693, 0x26A1, 0x26A1, 0x26AA, 0x26AB, 0x26BD, 0x26BE,
                    0x26C4, 0x26C5, 0x26CE, 0x26CE, 0x26D4, 0x26D4, 0x26EA, 0x26EA, 0x26F2, 0x26F3, 0x26F5, 0x26F5,
                    0x26FA, 0x26FA, 0x26FD, 0x26FD, 0x2705, 0x2705, 0x270A, 0x270B, 0x2728, 0x2728, 0x274C, 0x274C,
                    0x274E, 0x274E, 0x2753, 0x2755, 0x2757, 0x2757, 0x2795, 0x2797, 0x27B0, 0x27B0, 0x27BF, 0x27BF,
                    0x2B1B, 0x2B1C, 0x2B50, 0x2B50, 0x2B55, 0x2B55, 0x1F004, 0x1F004, 0x1F0CF, 0x1F0CF, 0x1F18E, 0x1F18E,
                    0x1F191, 0x1F19A, 0x1F1E6, 0x1F1FF, 0x1F201, 0x1F201, 0x1F21A, 0x1F21A, 0x1F22F, 0x1F22F,
                    0x1F232, 0x1F236, 0x1F238, 0x1F23A, 0x1F250, 0x1F251 }
local function emoji(cp)
  if cp == 0xFE0F or cp >= 0x1F300 then return true end
  for i = 1, #PRESENTED, 2 do
    if cp >= PRESENTED[i] and cp <= PRESENTED[i + 1] then return true end
  end
  return false
end
local function units(cluster)
  local first = cluster.cps[1]
  for _, cp in ipairs(cluster.cps) do
    if cp >= 0x2000 and emoji(cp) then return 100 end
  end
  if first < 128 then return NARROW[first] or ((first >= 65 and first <= 90) and 65 or 55) end
  if first == 0x2026 then return ELLIPSIS end
  if wide(first) then return 100 end
  if (first == 0x200B or first == 0x200D or first == 0xFEFF) and #cluster.cps == 1 then return 0 end
  return 55
end
local function blank(cluster)
  local cp = cluster.cps[1]
  return #cluster.cps == 1 and (cp == 32 or (cp >= 9 and cp <= 13) or cp == 0x200B or cp == 0x200D or cp == 0xFEFF
                                or cp == 0xA0 or cp == 0x3000)
end

-- The host's native text functions on simple text, here as text.lua measured ASCII text itself
-- before the host did it natively: each byte its own cluster; nothing for any other text.
local COMPLEX = "[\r\128-\255]"
local ADVANCE = {}
for code = 0, 127 do ADVANCE[code] = NARROW[code] or ((code >= 65 and code <= 90) and 65 or 55) end
function liverules_host_text_simple_units(s)
  if find(s, COMPLEX) then return nil end
  local total = 0
  for _, code in utf8.codes(s) do total = total + ADVANCE[code] end
  return total
end
function liverules_host_text_simple_prefix(s, width, fontSize)
  if find(s, COMPLEX) then return nil end
  local total, cut = ELLIPSIS, 0
  for position, code in utf8.codes(s) do
    total = total + ADVANCE[code]
    if not (total * fontSize / 100 <= width + 1e-9) then break end
    if code ~= 32 and not (code >= 9 and code <= 13) then cut = position end
  end
  return cut
end
function liverules_host_text_simple_length(s)
  if find(s, COMPLEX) then return nil end
  return #s
end
function liverules_host_text_simple_trim(s, collapse)
  if find(s, COMPLEX) then return nil end
  local first = find(s, "%S")
  if not first then return "" end
  local kept = sub(s, first, (find(s, "%S%s*$")))
  if collapse then kept = kept:gsub("%s+", " ") end
  return kept
end
function liverules_host_text_units(s)
  local total = 0
  for _, cluster in ipairs(clusters(s)) do total = total + units(cluster) end
  return total
end
function liverules_host_text_prefix(s, width, fontSize)
  local total, cut = ELLIPSIS, 0
  for _, cluster in ipairs(clusters(s)) do
    total = total + units(cluster)
    if total * fontSize / 100 > width + 1e-9 then break end
    if not blank(cluster) then cut = cluster.stop end
  end
  return cut
end
function liverules_host_text_length(s) return #clusters(s) end
function liverules_host_text_initials(s, wanted)
  local result, n = {}, 0
  local list, i = clusters(s), 1
  while i <= #list and n < wanted do
    while i <= #list and blank(list[i]) do i = i + 1 end
    if i > #list then break end
    result[#result + 1] = upper(sub(s, list[i].start, list[i].stop))
    n = n + 1
    while i <= #list and not blank(list[i]) do i = i + 1 end
  end
  return table.concat(result)
end
function liverules_host_text_trim(s, collapse)
  local list = clusters(s)
  local first, last = 1, #list
  while first <= last and blank(list[first]) do first = first + 1 end
  while last >= first and blank(list[last]) do last = last - 1 end
  if first > last then return "" end
  local kept = sub(s, list[first].start, list[last].stop)
  if collapse then kept = kept:gsub("%s+", " ") end
  return kept
end

-- ---------------------------------------------------------------- the driver, on plain tables

local manifest = io.open(pack .. "/pack.json"):read("a")
local rules = {}
for _, stage in ipairs({ "phase", "badge", "relevance", "layout", "palette", "timing" }) do
  local file = manifest:match('"' .. stage .. '"%s*:%s*"([^"]+)"')
  if file then rules[stage] = assert(loadfile(pack .. "/" .. file))() end
end

-- A date as the goldens write it (ISO8601.format): UTC, milliseconds only when not whole, their
-- trailing zeros left out ("2026-03-02T09:30:00.5Z").
local function iso(seconds)
  local ms = math.floor(seconds * 1000 + 0.5)
  local text = os.date("!%Y-%m-%dT%H:%M:%S", ms // 1000)
  if ms % 1000 == 0 then return text .. "Z" end
  return (string.format("%s.%03d", text, ms % 1000):gsub("0+$", "")) .. "Z"
end

local PLACEMENTS = { "lockScreen", "islandCompactLeading", "islandCompactTrailing", "islandMinimal", "islandExpanded",
                     "standBy", "watchSmartStack", "androidOngoing" }
local NULL = {}

-- The rules' output as the host hands it on: every placement's dropped list, live forms' and
-- timing's dates as ISO 8601, null for a fallback or timing a rule left out.
local function shaped(out)
  for _, id in ipairs(PLACEMENTS) do
    local entry = out.layout[id]
    entry.dropped = entry.dropped or {}
    setmetatable(entry.dropped, nil)
    for _, field in ipairs(entry.fields) do
      local live = field.live
      if live and live.timer then
        local timer = {}
        for key, value in pairs(live.timer) do timer[key] = value end
        timer.date = iso(timer.date)
        field.live = { timer = timer }
      elseif live and live.progress then
        field.live = { progress = { start = iso(live.progress.start), finish = iso(live.progress.finish) } }
      end
    end
  end
  for _, look in pairs(out.palette) do if look.fallback == nil then look.fallback = NULL end end
  if out.timing then
    for _, date in ipairs({ "stale", "dismissal" }) do
      local at = out.timing[date]
      out.timing[date] = at and iso(at) or NULL
    end
    out.timing.alert = out.timing.alert or NULL
  end
  return out
end

local function present(attributes, state, now, previous)
  local phase, facts = rules.phase({ attributes = attributes, state = state, now = now, previous = previous })
  local input = { attributes = attributes, state = state, now = now, previous = previous, phase = phase, facts = facts }
  return shaped({
    phase = phase,
    badge = rules.badge(input),
    relevance = rules.relevance(input),
    layout = rules.layout(input),
    palette = rules.palette(input),
    timing = rules.timing and rules.timing(input),
  })
end

-- ---------------------------------------------------------------- the check against goldens

-- Canonical JSON of a presentation as the goldens write it (sorted keys).
local function json(value)
  local kind = type(value)
  if kind == "nil" or value == NULL then return "null" end
  if kind == "boolean" then return tostring(value) end
  if kind == "number" then
    if math.type(value) == "integer" or value == math.floor(value) then return string.format("%d", value) end
    return string.format("%.17g", value)
  end
  if kind == "string" then return '"' .. value:gsub('[%c"\\]', function(c) return string.format("\\u%04x", byte(c)) end) .. '"' end
  if #value > 0 or next(value) == nil then
    local parts = {}
    for i = 1, #value do parts[i] = json(value[i]) end
    return "[" .. table.concat(parts, ",") .. "]"
  end
  local keys = {}
  for key in pairs(value) do keys[#keys + 1] = key end
  table.sort(keys)
  local parts = {}
  for i, key in ipairs(keys) do parts[i] = json(key) .. ":" .. json(value[key]) end
  return "{" .. table.concat(parts, ",") .. "}"
end

local list = fixtures.fixtures
if check == "check" then
  for _, f in ipairs(list) do
    io.write(f.name, "\t", json(present(f.attributes, f.state, f.now, f.previous)), "\n")
  end
  return
end

local clock = os.clock
local started = clock()
local n = #list
for i = 0, count - 1 do
  local f = list[i % n + 1]
  present(f.attributes, f.state, f.now, f.previous)
end
local elapsed = clock() - started
io.write(string.format("plain lua5.4: %d presentations, %.1f µs each (CPU time)\n", count, elapsed * 1e6 / count))
