-- A corpus of calls of layout.place and layout.wanted, well formed and not, drawn by a
-- fixed-seed generator: returns function(count) -> one line per case, its result or error, so a
-- state running the host's native layout functions and one running layout.lua's Lua definitions
-- can be compared line by line (NativeLayoutTests).
local layout = require "liverules.layout"
local placements = require "liverules.placements"

local seed = 20261124
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
  string.rep("a", 31), string.rep("Word ", 20), "1:1", "x\0y",
}
local IDS = { "title", "remaining", "progress", "location", "badge", "step", "title" }
local SHORTENS = { false, false, 0, 1, 3, 6, 12, -1 }
local GLYPHS = { false, false, false, "dot" }
local LIVE = { timer = { date = 600, counts = "down", style = "clock" } }
local LIVES = { false, false, false, false, LIVE }
local BROKEN = { { slot = "nope" }, { slot = 5 }, { shorten = 2.5 }, { shorten = "6" }, { glyph = true }, { live = "soon" } }

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
  local shorten, glyph, live = pick(SHORTENS), pick(GLYPHS), pick(LIVES)
  local made = { id = pick(IDS), text = text, slot = slot, shorten = shorten or nil, glyph = glyph or nil, live = live or nil }
  if draw(30) == 1 then
    for key, value in pairs(pick(BROKEN)) do made[key] = value end
  end
  return made
end

-- The placed layout as one line: fields with their glyphs and live forms (the same table as
-- wanted, or not), then the dropped ids.
local function show(placed)
  local shown = {}
  for _, field in ipairs(placed.fields) do
    shown[#shown + 1] = field.id .. "=" .. field.text .. (field.glyph and ("+" .. field.glyph) or "")
      .. (field.live == LIVE and "+live" or field.live ~= nil and "+other live" or "")
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
  local live_of = draw(4) == 1 and function(id) return id:sub(1, 1) == "r" and LIVE or nil end or nil
  local args = { ids, text_of, slot_of, shorten, glyph_of, live_of }
  if draw(15) == 1 then args[draw(6)] = "wrong" end
  local ok, result = pcall(layout.wanted, args[1], args[2], args[3], args[4], args[5], args[6])
  if not ok then return "wanted error: " .. tostring(result) end
  local lines = {}
  for index, made in ipairs(result) do
    lines[index] = table.concat({ text(made.id), text(made.text), text(made.slot), text(made.shorten), text(made.glyph),
      made.live == LIVE and "live" or tostring(made.live) }, " ")
  end
  return "wanted " .. table.concat(lines, "; ")
end

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
  return lines
end
