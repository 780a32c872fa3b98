-- liverules.text: estimate how wide text renders and make it fit a placement.
-- The width model: each character advances a fixed fraction of the font size:
--   0.30  narrow: i l . , : ; ' | ! 1 and space
--   0.80  wide:   M W m w @
--   0.65  other uppercase letters A-Z
--   0.55  everything else: other letters and digits, punctuation, non-ASCII, "…"
-- It is an estimate, the same on every device, not a measurement of the rendered font.

local placements = require "liverules.placements"
local describe = require("liverules.support").describe

local M = {}

local ELLIPSIS = "…"
local TOLERANCE = 1e-9 -- points; a width equal to the slot's fits

-- Advances in hundredths of the font size, so sums are exact integers.
local NARROW, WIDE, UPPER, OTHER = 30, 80, 65, 55
local SPECIAL = {}
for _, c in ipairs({ "i", "l", ".", ",", ":", ";", "'", "|", "!", "1", " " }) do SPECIAL[string.byte(c)] = NARROW end
for _, c in ipairs({ "M", "W", "m", "w", "@" }) do SPECIAL[string.byte(c)] = WIDE end

-- The advance of one code point, in hundredths of the font size.
local function advance(codepoint)
  local special = SPECIAL[codepoint]
  if special then return special end
  if codepoint >= 65 and codepoint <= 90 then return UPPER end
  return OTHER
end

-- Raises at the public function's caller unless `s` is a valid UTF-8 string.
local function check_text(fname, name, s)
  if type(s) ~= "string" then
    error(fname .. ": " .. name .. " must be a string, got " .. describe(s), 3)
  end
  local length, bad = utf8.len(s)
  if not length then
    error(fname .. ": " .. name .. " is not valid UTF-8 (byte " .. bad .. ")", 3)
  end
end

-- Raises at the public function's caller unless `value` is a finite number > 0.
local function check_positive(fname, name, value)
  if type(value) ~= "number" or not (value > 0) or value == math.huge then
    error(fname .. ": " .. name .. " must be a positive number, got " .. describe(value), 3)
  end
end

-- The slot of a placement, raising at the public function's caller when unknown.
local function slot_of(fname, id, slot)
  local found, reason = placements.resolve(id, slot)
  if not found then error(fname .. ": " .. reason, 3) end
  return found
end

-- The width of valid UTF-8 `s` in hundredths of the font size. Layouts measure the same few
-- strings for every placement, so widths are remembered (at most 1024 strings; a pure function
-- of `s`, so remembering cannot change a result).
local remembered, count = {}, 0
local function units_of(s)
  local units = remembered[s]
  if units then return units end
  units = 0
  for _, codepoint in utf8.codes(s) do units = units + (SPECIAL[codepoint] or advance(codepoint)) end
  if count == 1024 then remembered, count = {}, 0 end
  remembered[s], count = units, count + 1
  return units
end

-- Whether text of `units` fits `width` points at `fontSize`.
local function fits_width(units, fontSize, width)
  return units * fontSize / 100 <= width + TOLERANCE
end

-- The longest prefix of `s` ending in a non-space that fits `width` with "…" after it, plus
-- the "…"; "…" alone when no such prefix fits. `s` is valid UTF-8 and too wide.
local function shorten(s, width, fontSize)
  local units, cut = units_of(ELLIPSIS), 0
  for position, codepoint in utf8.codes(s) do
    units = units + advance(codepoint)
    if not fits_width(units, fontSize, width) then break end
    if codepoint ~= 32 and not (codepoint >= 9 and codepoint <= 13) then
      cut = position + #utf8.char(codepoint) - 1
    end
  end
  return string.sub(s, 1, cut) .. ELLIPSIS
end

-- text.width(s, fontSize) -> the estimated width of `s` in points at `fontSize` points:
-- the sum of its characters' advances (see the model above) times the font size.
-- Error if `s` is not valid UTF-8.
function M.width(s, fontSize)
  check_text("text.width", "s", s)
  check_positive("text.width", "fontSize", fontSize)
  return units_of(s) * fontSize / 100
end

-- text.fits(s, placementId [, slot]) -> true when `s` fits on one line of the slot (the
-- placement's default slot when `slot` is nil), by width at the slot's font size. The width
-- model decides; the slot's `chars` is only the budget for average text, so narrow text such
-- as "15 min" (6 characters) fits a 5-character slot.
function M.fits(s, placementId, slot)
  check_text("text.fits", "s", s)
  local target = slot_of("text.fits", placementId, slot)
  return fits_width(units_of(s), target.fontSize, target.width)
end

-- text.truncate(s, width, fontSize) -> `s` when it fits `width` points at `fontSize`; otherwise
-- its longest prefix (whole characters, trailing spaces, tabs and line breaks removed) followed
-- by "…" that fits; "…" when no prefix does.
function M.truncate(s, width, fontSize)
  check_text("text.truncate", "s", s)
  if type(width) ~= "number" or not (width >= 0) or width == math.huge then
    error("text.truncate: width must be a non-negative number, got " .. describe(width), 2)
  end
  check_positive("text.truncate", "fontSize", fontSize)
  if fits_width(units_of(s), fontSize, width) then return s end
  return shorten(s, width, fontSize)
end

-- text.fit(placementId, renderings [, slot]) -> text, index: the first of `renderings` (a list
-- of strings, most preferred first) that fits the slot, and its position; when none fits, the
-- last one truncated to the slot, and its position.
function M.fit(placementId, renderings, slot)
  local target = slot_of("text.fit", placementId, slot)
  if type(renderings) ~= "table" then
    error("text.fit: renderings must be a list of strings, got " .. describe(renderings), 2)
  end
  local count = #renderings
  if count == 0 then error("text.fit: renderings is empty", 2) end
  for i = 1, count do
    check_text("text.fit", "renderings[" .. i .. "]", renderings[i])
  end
  for i = 1, count do
    if fits_width(units_of(renderings[i]), target.fontSize, target.width) then
      return renderings[i], i
    end
  end
  return shorten(renderings[count], target.width, target.fontSize), count
end

return M
