-- A corpus of calls of layout.place and layout.wanted, well formed and not, drawn by a
-- fixed-seed generator, then every live form placed everywhere: returns function(count) -> one
-- line per case (count drawn, then the live ones), its result or error, so a state running the
-- host's native layout functions and one running layout.lua's Lua definitions can be compared
-- line by line (NativeLayoutTests).
local layout = require "liverules.layout"
local placements = require "liverules.placements"

local seed = 20261129
local function draw(n)  -- 1...n, from a linear congruential generator
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end
local function pick(list) return list[draw(#list)] end

local TEXTS = {
  "Design review", "DR", "25 min left", "in 12 min", "12m", "1h 5m", "at 14:30", "Next: Design review",
  "Running late?", "Late?", "Sent via Slack", "Sent", "✓", "Quarterly planning with the whole team",
  "  padded  ", "a", "", " ", "iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii", "MMMMMMMMMMMMMMMMMMMMMM", "WWW@@@mmm",
  "Tab\there", "line\nbreak", "CR\r\nLF", "Café", "日本語のタイトル", "Team 👩‍👩‍👧 sync", "10–0", "10:0",
  string.rep("a", 31), string.rep("Word ", 20), "1:1", "x\0y", "Zoë – Łódź · 3 min", "… ✓", "“Quoted” −5",
  "اجتماع مراجعة التصميم", "会議の予定とチームの打ち合わせ", "e\u{301}lan", "Café\u{A0}corner",
}
local IDS = { "title", "remaining", "progress", "location", "badge", "step", "title" }
local SHORTENS = { false, false, 0, 1, 3, 6, 12, -1 }
local GLYPHS = { false, false, false, "dot", "icon:bell" }
-- Live forms, well formed and not, by the name result lines give them (a shown field keeps the
-- very table it was given): timers with and without text around their clock, a progress, and
-- shapes layout.lua reads its own way (a timer that is not a table, a prefix that is not a
-- string, non-ASCII text around the clock, metatables).
local LIVE = {
  countdown = { timer = { date = 600, counts = "down", prefix = "in " } },
  left = { timer = { date = 600, counts = "down", suffix = " left" } },
  clock = { timer = { date = 600, counts = "up", style = "clock" } },
  around = { timer = { date = 600, counts = "down", prefix = "Next: ", suffix = " to go" } },
  overlap = { timer = { date = 600, counts = "down", prefix = "in ", suffix = " in" } },  -- "in in" holds neither
  tilde = { timer = { date = 600, counts = "down", prefix = "~" } },        -- "~0:00" fits 44.33 pt at 15 pt, "~00:00" not
  forPrefix = { timer = { date = 600, counts = "up", prefix = "for " } },   -- "for 0:00" fits 60 pt, "for 00:00" not
  progress = { progress = { start = 0, finish = 600 } },
  empty = {},
  falsePrefix = { timer = { date = 600, counts = "down", prefix = false, suffix = "s" } },
  numberPrefix = { timer = { date = 600, counts = "down", prefix = 5 } },
  tableSuffix = { timer = { date = 600, counts = "down", suffix = {} } },
  trueSuffix = { timer = { date = 600, counts = "down", suffix = true } },
  timerText = { timer = "in 9:59" },
  timerFalse = { timer = false },
  nonASCII = { timer = { date = 600, counts = "down", prefix = "dans ", suffix = " übrig" } },
  arrow = { timer = { date = 600, counts = "down", prefix = "→ " } },
  metaTimer = { timer = setmetatable({ prefix = "in " }, {}) },
  meta = setmetatable({ timer = { prefix = "in " } }, {}),
  indexed = setmetatable({}, { __index = { timer = { prefix = "in " } } }),
}
local LIVE_NAMES, LIVES = {}, {}
for name, form in pairs(LIVE) do LIVE_NAMES[form] = name end
for _, name in ipairs({ "countdown", "left", "clock", "around", "overlap", "tilde", "forPrefix", "progress", "empty",
  "falsePrefix", "numberPrefix", "tableSuffix", "trueSuffix", "timerText", "timerFalse", "nonASCII", "arrow", "metaTimer",
  "meta", "indexed", "countdown", "left", "clock", "progress" }) do
  LIVES[#LIVES + 1] = LIVE[name]
end
-- Renderings of live fields: clocks with and without text around them, as a timer reads and
-- not ("in 9:5", "in a:bc"), a percentage.
local CLOCKS = {
  "in 9:59", "in 12:34", "9:59", "0:00", "1:02:03", "in 1:02:03", "12:34 left", "9:59 left", "Next: 9:59 to go",
  "Next: 1:02:03 to go", "in 9:5", "in a:bc", "in 1:2:3", "in", "83%", "1:00:00:00", "in 99:59", "in 0:00 left",
  "dans 9:59 übrig", "→ 9:59", "in 11:11", "1111", "in 0:000", " 9:59 left", "1:11", "1:11 left", "~9:59", "for 1:11",
}
-- Clocks, to be put between a timer's prefix and suffix.
local CORES = { "9:59", "0:00", "1:11", "12:34", "1:02:03", "11:11", "9:5", "a:bc", "10:00:00", "" }

-- `clock` (default: one of CORES) between the prefix and suffix of `form`'s timer, read raw
-- ("" for what is not text).
local function around(form, clock)
  local timer = rawget(form, "timer")
  local prefix = type(timer) == "table" and rawget(timer, "prefix")
  local suffix = type(timer) == "table" and rawget(timer, "suffix")
  return (type(prefix) == "string" and prefix or "") .. (clock or pick(CORES)) .. (type(suffix) == "string" and suffix or "")
end
local BROKEN = { { slot = "nope" }, { slot = 5 }, { shorten = 2.5 }, { shorten = "6" }, { glyph = true }, { live = "soon" },
  { live = false }, { live = 5 } }

-- A wanted entry for placement `id`: mostly well formed (its slot one of the placement's, or
-- none), now and then malformed.
local function entry(id)
  local roll = draw(40)
  if roll == 1 then return "not a table" end
  if roll == 2 then return { text = "no id" } end
  if roll == 3 then return setmetatable({ id = "meta", text = "Design review" }, {}) end
  if roll == 4 then
    local proxied = setmetatable({}, { __index = { "Design review" }, __len = function() return 1 end })
    return { id = "proxied", text = proxied }
  end
  local text
  local shape = draw(6)
  if shape <= 2 then
    text = pick(TEXTS)
  elseif shape <= 5 then
    text = {}
    for i = 1, draw(4) do text[i] = pick(TEXTS) end
  elseif draw(2) == 1 then
    text = {}
  else
    text = { pick(TEXTS), 42 }  -- a list with a non-string rendering
  end
  local names = placements[id].slotNames
  local slot = draw(3) == 1 and names[draw(#names)] or nil
  local shorten, glyph = pick(SHORTENS), pick(GLYPHS)
  local live = draw(3) == 1 and pick(LIVES)
  if live and draw(4) > 1 then  -- mostly clocks for a live field, most of them in its own words
    local function clock() return draw(3) > 1 and around(live) or pick(CLOCKS) end
    if draw(2) == 1 then
      text = clock()
    else
      text = {}
      for i = 1, draw(3) do text[i] = clock() end
    end
  end
  local made = { id = pick(IDS), text = text, slot = slot, shorten = shorten or nil, glyph = glyph or nil, live = live or nil }
  if draw(30) == 1 then
    for key, value in pairs(pick(BROKEN)) do made[key] = value end
  end
  return made
end

-- The placed layout as one line: fields with their glyphs, live forms (the same table as
-- wanted, or not), slots and lines, then the dropped ids.
local function show(placed)
  local shown = {}
  for _, field in ipairs(placed.fields) do
    shown[#shown + 1] = field.id .. "=" .. field.text .. (field.glyph and ("+" .. field.glyph) or "")
      .. (field.live ~= nil and ("+live:" .. (LIVE_NAMES[field.live] or "other")) or "")
      .. "@" .. tostring(field.slot) .. tostring(field.line)
  end
  return table.concat(shown, ",") .. "|" .. table.concat(placed.dropped, ",")
end

-- A value as one line: strings quoted, lists in brackets, other values by tostring.
local function text(value)
  if type(value) == "string" then return '"' .. value .. '"' end
  if type(value) ~= "table" then return tostring(value) end
  local parts = {}
  for index, item in ipairs(value) do parts[index] = text(item) end
  return "[" .. table.concat(parts, ",") .. "]"
end

-- A layout.wanted call: ids plain, with a hole or behind an __index; functions that return
-- nothing, false, text or lists, or raise; now and then an argument of the wrong type.
local function wantedCase()
  local ids = {}
  for k = 1, draw(8) - 1 do ids[k] = pick(IDS) .. draw(3) end
  if draw(10) == 1 then ids[#ids + 2] = "after-hole" end
  if draw(8) == 1 then ids = setmetatable({}, { __index = ids }) end
  if draw(12) == 1 then
    ids = setmetatable({}, { __index = function(_, index) return index <= 3 and ("f" .. index) or nil end })
  end
  local answers = {}
  local function text_of(id)
    if answers[id] == nil then
      local roll = draw(10)
      answers[id] = ({ "nothing", "false", "list", "raise" })[roll] or "text"
    end
    local answer = answers[id]
    if answer == "nothing" then return nil end
    if answer == "false" then return false end
    if answer == "list" then return { id, "x" } end
    if answer == "raise" and draw(4) == 1 then error("no text for " .. id) end
    return pick(TEXTS)
  end
  local slot_of = draw(2) == 1 and function(id) return #id % 2 == 0 and "body" or nil end or nil
  local shorten = draw(3) == 1 and { title1 = 6, title2 = 0 } or nil
  if shorten and draw(2) == 1 then shorten = setmetatable({}, { __index = shorten }) end
  local glyph_of = draw(3) == 1 and function(id) return id:sub(1, 1) == "p" and "dot" or false end or nil
  local live_of = draw(4) == 1 and function(id)
    local first = id:sub(1, 1)
    if first == "r" then return LIVE.countdown end
    if first == "p" then return LIVE.progress end
    if first == "l" then return "soon" end
    if first == "b" then return false end
    if first == "s" and draw(3) == 1 then error("no live form for " .. id) end
    return nil
  end or nil
  local args = { ids, text_of, slot_of, shorten, glyph_of, live_of }
  if draw(15) == 1 then args[draw(6)] = "wrong" end
  local ok, result = pcall(layout.wanted, args[1], args[2], args[3], args[4], args[5], args[6])
  if not ok then return "wanted error: " .. tostring(result) end
  local lines = {}
  for index, made in ipairs(result) do
    lines[index] = table.concat({ text(made.id), text(made.text), text(made.slot), text(made.shorten), text(made.glyph),
      LIVE_NAMES[made.live] and ("live:" .. LIVE_NAMES[made.live]) or tostring(made.live) }, " ")
  end
  return "wanted " .. table.concat(lines, "; ")
end

-- Every live form in every placement, with each clock of CORES in its own words: alone, and
-- after a rendering that reads as the form's with the widest clock ("10:00:00"), and before
-- renderings that do not ("in in" is too short to hold "in " and " in"). One line each.
local function liveCases(lines)
  local names = {}
  for name in pairs(LIVE) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    local form = LIVE[name]
    for _, id in ipairs(placements.ids) do
      for _, clock in ipairs(CORES) do
        local wanted = {
          { id = "title", text = around(form, clock), live = form },
          { id = "remaining", text = { around(form, "10:00:00"), around(form, clock), "in in", "1:11" }, live = form },
        }
        local ok, result = pcall(layout.place, id, wanted)
        lines[#lines + 1] = id .. " " .. name .. " " .. (ok and show(result) or ("error: " .. tostring(result)))
      end
    end
  end
end

-- count cases drawn at random, then liveCases.
return function(count)
  local lines = {}
  for i = 1, count do
    if draw(3) == 1 then
      lines[i] = wantedCase()
      goto next
    end
    local id = pick(placements.ids)
    local wanted = {}
    for k = 1, draw(9) - 1 do wanted[k] = entry(id) end
    if draw(25) == 1 then wanted[#wanted + 2] = entry(id) end  -- a hole: entries after it are not read
    local ok, result = pcall(layout.place, id, wanted)
    lines[i] = id .. " " .. (ok and show(result) or ("error: " .. tostring(result)))
    ::next::
  end
  liveCases(lines)
  return lines
end
