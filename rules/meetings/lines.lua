-- The line after a progress bar. The bar takes a line of its own, so the fields after it in its
-- slot share the slot's next line: the last one wherever this pack shows a bar with fields after
-- it (the body of the lock screen and StandBy, the bottom of the expanded island).
-- liverules.layout measures a text against its slot, not against what is left of its line, and
-- drops a field that finds no room on the slot's lines: a long location or next title there
-- would push the fields after it off. lines.share(placement, wanted, shorten) returns `wanted`
-- with each text listed in `shorten` on that line cut to the room the line leaves it
-- (lines.shared wraps a layout rule's function for layout.each the same way):
--   * every other field of the line takes its room first: the first rendering that fits the
--     slot, a clock at its widest ("in 00:00"), as liverules.layout measures them;
--   * then the texts, in the order wanted (the location before the next title): each takes the
--     room it needs of what is left, and a text after it gets the rest; but a text that must be
--     cut anyway is cut a little more to leave the texts after it the room to show whole, when
--     that is at most a third of its own ("Conference room…" beside "QA"). A text that fits is
--     never cut for a later one;
--   * in its room a text shows its first rendering that fits, else its last full one cut with
--     "…" keeping at least its `shorten` characters, else its abbreviation, the order
--     liverules.layout tries them in (passing over a text the placement already shows), and
--     last the abbreviation cut, when that keeps its `shorten` characters;
--   * the renderings that fit are given without `shorten`, so liverules.layout shows one of
--     them or none, never a cut wider than the room;
--   * a text with no room left goes last, where it can push nothing off (liverules.layout then
--     reports it as dropped, or shows it there if it does find room).
-- Only fields within the placement's capacity are counted.

local layout = require "liverules.layout"
local placements = require "liverules.placements"
local text = require "liverules.text"

local GAP = 8        -- points between two fields on a line (liverules.layout)
local SLACK = 0.01   -- points kept free, so that sums of widths never round past the slot

local M = {}

-- The text a live clock is measured on: every digit a 0 and a one-digit minute made two.
local function widest(option, timer)
  local prefix, suffix = timer.prefix or "", timer.suffix or ""
  local clock = string.gsub(string.sub(option, #prefix + 1, #option - #suffix), "%d", "0")
  if clock == "0:00" then clock = "00:00" end
  return prefix .. clock .. suffix
end

-- The renderings of a wanted field as a list, and how many are full ones (of several, the
-- last is the abbreviation).
local function options(entry)
  local all = type(entry.text) == "string" and { entry.text } or entry.text
  return all, #all > 1 and #all - 1 or #all
end

-- The width a field takes on its line: its first rendering that fits the slot, else its last.
local function width(entry, slot)
  local timer, measured = entry.live and entry.live.timer, 0
  for _, option in ipairs((options(entry))) do
    measured = text.width(timer and widest(option, timer) or option, slot.fontSize)
    if measured <= slot.width then break end
  end
  return measured
end

-- The narrowest full rendering of a text (not cut, not its abbreviation).
local function narrowest(entry, fontSize)
  local all, full = options(entry)
  local least = math.huge
  for position = 1, full do least = math.min(least, text.width(all[position], fontSize)) end
  return least
end

-- The renderings of a text that fit `room`, in the order liverules.layout tries them, and the
-- width of the one it will show: the first that no field before it (`before`) may already show.
local function fitting(entry, keeps, room, fontSize, before)
  local all, full = options(entry)
  local fits, taken, seen = {}, nil, {}
  if room <= 0 then return fits, 0 end
  local function add(option)
    local measured = text.width(option, fontSize)
    if seen[option] or measured > room then return end
    seen[option], fits[#fits + 1] = true, option
    if taken == nil and not before[option] then taken = measured end
  end
  local function addCut(option)
    local cut = text.truncate(option, room, fontSize)
    if cut ~= option and text.length(cut) - 1 >= keeps then add(cut) end
  end
  for position = 1, full do add(all[position]) end
  for position = full, 1, -1 do addCut(all[position]) end
  if #all > full then
    add(all[#all])
    addCut(all[#all])  -- "at Room 4.2" where "Room 4.2" is already shown; never initials
  end
  return fits, taken or room
end

-- lines.share(placement, wanted, shorten) -> `wanted`, the texts after its progress bar cut
-- to their room on the bar's next line (see above).
---@param placement liverules.PlacementId
---@param wanted liverules.WantedField[]
---@param shorten { [string]: integer }
---@return liverules.WantedField[]
function M.share(placement, wanted, shorten)
  local bar
  for position, entry in ipairs(wanted) do
    if entry.live and entry.live.progress then bar = position break end
  end
  if bar == nil then return wanted end
  local default = placements[placement].slotNames[1]
  local name = wanted[bar].slot or default
  local slot = placements[placement].slots[name]
  local texts, room = {}, slot.width + GAP - SLACK  -- each field takes its width and a gap
  for position = bar + 1, math.min(#wanted, layout.capacity[placement]) do
    local entry = wanted[position]
    if (entry.slot or default) == name then
      if shorten[entry.id] then
        texts[#texts + 1] = entry
      else
        room = room - width(entry, slot) - GAP
      end
    end
  end

  local cut, pushed, last = {}, {}, {}
  for index, entry in ipairs(texts) do
    -- Every text the fields before it may show (liverules.layout never shows one twice).
    local before = {}
    for _, earlier in ipairs(wanted) do
      if earlier == entry then break end
      for _, option in ipairs((options(cut[earlier] or earlier))) do before[option] = true end
    end
    local keeps, reserve = shorten[entry.id], 0
    for later = index + 1, #texts do
      reserve = reserve + narrowest(texts[later], slot.fontSize) + GAP
    end
    local fits, taken = {}, 0
    local whole = narrowest(entry, slot.fontSize) <= room - GAP
    if not whole and reserve <= (room - GAP) / 3 then
      fits, taken = fitting(entry, keeps, room - reserve - GAP, slot.fontSize, before)
    end
    if #fits == 0 then fits, taken = fitting(entry, keeps, room - GAP, slot.fontSize, before) end
    if #fits > 0 then
      cut[entry] = { id = entry.id, text = fits, slot = entry.slot, glyph = entry.glyph, live = entry.live }
      room = room - taken - GAP
    else
      pushed[entry], last[#last + 1] = true, entry
    end
  end
  local result = {}
  for _, entry in ipairs(wanted) do
    if not pushed[entry] then result[#result + 1] = cut[entry] or entry end
  end
  for _, entry in ipairs(last) do result[#result + 1] = entry end
  return result
end

-- lines.shared(shorten, wanted) -> a function(placement) for layout.each: `wanted(placement)`,
-- shared out with lines.share.
---@param shorten { [string]: integer }
---@param wanted fun(placement: liverules.PlacementId): liverules.WantedField[]
---@return fun(placement: liverules.PlacementId): liverules.WantedField[]
function M.shared(shorten, wanted)
  return function(placement) return M.share(placement, wanted(placement), shorten) end
end

return M
