-- A corpus of wanted lists for layout.place, well formed and not, drawn by a fixed-seed
-- generator: returns function(count) -> one line per case, "<placement> <result or error>", so
-- a state running the host's native layout.place and one running layout.lua's Lua definition can
-- be compared line by line (NativeLayoutTests).
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
local BROKEN = { { slot = "nope" }, { slot = 5 }, { shorten = 2.5 }, { shorten = "6" }, { glyph = true } }

-- A wanted entry for placement `id`: mostly well formed (its slot one of the placement's, or
-- none), now and then malformed.
local function entry(id)
  local roll = draw(40)
  if roll == 1 then return "not a table" end
  if roll == 2 then return { text = "no id" } end
  if roll == 3 then return setmetatable({ id = "meta", text = "Design review" }, {}) end
  if roll == 4 then return { id = "proxied", text = setmetatable({}, { __index = { "Design review" }, __len = function() return 1 end }) } end
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
  local made = { id = pick(IDS), text = text, slot = slot, shorten = shorten or nil, glyph = glyph or nil }
  if draw(30) == 1 then
    for key, value in pairs(pick(BROKEN)) do made[key] = value end
  end
  return made
end

-- The placed layout as one line: fields with their glyphs, then the dropped ids.
local function show(placed)
  local shown = {}
  for _, field in ipairs(placed.fields) do
    shown[#shown + 1] = field.id .. "=" .. field.text .. (field.glyph and ("+" .. field.glyph) or "")
  end
  return table.concat(shown, ",") .. "|" .. table.concat(placed.dropped, ",")
end

return function(count)
  local lines = {}
  for i = 1, count do
    local id = pick(placements.ids)
    local wanted = {}
    for k = 1, draw(9) - 1 do wanted[k] = entry(id) end
    if draw(25) == 1 then wanted[#wanted + 2] = entry(id) end  -- a hole: entries after it are not read
    local ok, result = pcall(layout.place, id, wanted)
    lines[i] = id .. " " .. (ok and show(result) or ("error: " .. tostring(result)))
  end
  return lines
end
