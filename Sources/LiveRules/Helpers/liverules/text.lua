-- liverules.text: optional text, one-line text, names, and how wide text renders.
-- Text is cut and measured in grapheme clusters (what a reader sees as one character: a flag,
-- a family joined with zero-width joiners, a letter with its accents), which the host
-- segments. Each cluster advances a fixed fraction of the font size:
--   0.30  narrow: i l . , : ; ' | ! and space
--   0.80  wide:   M W m w @ and "…"
--   0.65  other uppercase letters A-Z
--   1.00  emoji (flags, families, skin tones, keycaps) and the wide East Asian scripts (CJK
--         ideographs, kana, hangul, fullwidth forms)
--   0     a lone invisible format character (a zero-width space or joiner)
--   0.55  everything else: other letters, every digit, punctuation, other scripts
-- It is an estimate, the same on every device, not a measurement of the rendered font.
-- The host measures, cuts, counts and trims: simple text (each scalar a cluster of its own: ASCII
-- but "\r", Latin and Arabic letters, punctuation such as "–" and "…", "✓", kana and CJK
-- ideographs; lrl_text.c lists them) natively at one step per byte, other text by segmenting it,
-- at 4 steps per byte (several times the string library's work).

local placements = require "liverules.placements"
local support = require "liverules.support"
local describe = support.describe

local host_units = support.host("text_units", "text.width")
local host_prefix = support.host("text_prefix", "text.truncate")
local host_initials = support.host("text_initials", "text.initials")
local host_length = support.host("text_length", "text.length")
local host_trim = support.host("text_trim", "text.value")
-- The same on simple text, natively; nothing for other text.
local simple_units = support.host("text_simple_units", "text.width")
local simple_prefix = support.host("text_simple_prefix", "text.truncate")
local simple_length = support.host("text_simple_length", "text.length")
local simple_trim = support.host("text_simple_trim", "text.value")

local find, sub, upper, gmatch = string.find, string.sub, string.upper, string.gmatch
local huge = math.huge

-- Text text.initials leaves to the host: bytes beyond ASCII, or "\r" ("\r\n" is one cluster).
local COMPLEX = "[\r\128-\255]"

local M = {}

local ELLIPSIS = "…"
local TOLERANCE = 1e-9 -- points; a width equal to the slot's fits

-- Results of pure functions of a string, remembered (see support.memo).
local memo, keep = support.memo, support.keep
local widths, values, lines, nameLists = memo(), memo(), memo(), memo()

-- Raises at the public function's caller unless `s` is a valid UTF-8 string. The argument is
-- `name`, or `name[index]` when an index is given (spelled out only in the error).
local function check_text(fname, name, s, index)
  if type(s) == "string" and widths.seen[s] then return end  -- measured before, so checked before
  if index then name = name .. "[" .. index .. "]" end
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
  if type(value) ~= "number" or not (value > 0) or value == huge then
    error(fname .. ": " .. name .. " must be a positive number, got " .. describe(value), 3)
  end
end

-- The slot of a placement, raising at the public function's caller when unknown.
local function slot_of(fname, id, slot)
  local found, reason = placements.resolve(id, slot)
  if not found then error(fname .. ": " .. reason, 3) end
  return found
end


-- The width of valid UTF-8 `s` in hundredths of the font size (an integer, so sums are exact).
local function units_of(s)
  local units = widths.seen[s]
  if units then return units end
  return keep(widths, s, simple_units(s) or host_units(s))
end

-- Whether text of `units` fits `width` points at `fontSize`.
local function fits_width(units, fontSize, width)
  return units * fontSize / 100 <= width + TOLERANCE
end

-- The longest prefix of `s` (whole clusters) ending in a non-space that fits `width` with "…"
-- after it, plus the "…"; "…" alone when no such prefix fits. `s` is valid UTF-8 and too wide.
local function shorten(s, width, fontSize)
  return sub(s, 1, simple_prefix(s, width, fontSize) or host_prefix(s, width, fontSize)) .. ELLIPSIS
end

-- text.width(s, fontSize) -> the estimated width of `s` in points at `fontSize` points:
-- the sum of its characters' advances (see the model above) times the font size.
-- Error if `s` is not valid UTF-8.
---@param s string
---@param fontSize number
---@return number
function M.width(s, fontSize)
  local units = widths.seen[s]  -- only valid strings are remembered
  if units == nil then
    check_text("text.width", "s", s)
    units = units_of(s)
  end
  check_positive("text.width", "fontSize", fontSize)
  return units * fontSize / 100
end

-- text.fits(s, placementId [, slot [, phone]]) -> true when `s` fits on one line of the slot
-- (the placement's default slot when `slot` is nil), by width at the slot's font size, on the
-- phone class `phone` (393 or 430 points wide; 393, the class layouts are decided for, when nil).
-- The width model decides; the slot's `chars` is only the budget for average text, so narrow
-- text such as "list it" (7 characters) fits a 5-character slot.
---@param s string
---@param placementId liverules.PlacementId
---@param slot? string
---@param phone? integer
---@return boolean
function M.fits(s, placementId, slot, phone)
  check_text("text.fits", "s", s)
  local target = slot_of("text.fits", placementId, slot)
  local width = phone == nil and target.width or target.widths[phone]
  return fits_width(units_of(s), target.fontSize, width)
end

-- text.truncate(s, width, fontSize) -> `s` when it fits `width` points at `fontSize`; otherwise
-- its longest prefix (whole characters, trailing spaces, tabs and line breaks removed) followed
-- by "…" that fits; "…" when no prefix does.
---@param s string
---@param width number
---@param fontSize number
---@return string
function M.truncate(s, width, fontSize)
  check_text("text.truncate", "s", s)
  if type(width) ~= "number" or not (width >= 0) or width == huge then
    error("text.truncate: width must be a non-negative number, got " .. describe(width), 2)
  end
  check_positive("text.truncate", "fontSize", fontSize)
  if fits_width(units_of(s), fontSize, width) then return s end
  return shorten(s, width, fontSize)
end

-- text.fit(placementId, renderings [, slot]) -> text, index: the first of `renderings` (a list
-- of strings, most preferred first) that fits the slot, and its position; when none fits, the
-- last one truncated to the slot, and its position.
---@param placementId liverules.PlacementId
---@param renderings string[]
---@param slot? string
---@return string text
---@return integer index
function M.fit(placementId, renderings, slot)
  local target = slot_of("text.fit", placementId, slot)
  if type(renderings) ~= "table" then
    error("text.fit: renderings must be a list of strings, got " .. describe(renderings), 2)
  end
  local count = #renderings
  if count == 0 then error("text.fit: renderings is empty", 2) end
  for i = 1, count do
    check_text("text.fit", "renderings", renderings[i], i)
  end
  for i = 1, count do
    if fits_width(units_of(renderings[i]), target.fontSize, target.width) then
      return renderings[i], i
    end
  end
  return shorten(renderings[count], target.width, target.fontSize), count
end

-- `s` trimmed, runs of whitespace inside made one space when `collapse`; nil when nothing but
-- whitespace (and, beyond ASCII, invisible format characters) is left. `s` is valid UTF-8.
local function trimmed(s, collapse)
  local kept = simple_trim(s, collapse) or host_trim(s, collapse)
  if kept == "" then return nil end
  return kept
end


-- text.value(s) -> `s` without leading and trailing whitespace, or nil when `s` is nil, empty or
-- blank: the one way to read optional text, since a missing field may arrive as "".
---@param s string?
---@return string?
function M.value(s)
  if s == nil then return nil end
  local kept = values.seen[s]
  if kept == nil then
    check_text("text.value", "s", s)
    kept = keep(values, s, trimmed(s, false) or false)
  end
  return kept or nil
end

-- text.line(s) -> text.value(s) with every run of whitespace inside (line breaks, tabs, spaces)
-- made one space: the form of a one-line field. nil when `s` is nil, empty or blank.
---@param s string?
---@return string?
function M.line(s)
  if s == nil then return nil end
  local kept = lines.seen[s]
  if kept == nil then
    check_text("text.line", "s", s)
    kept = keep(lines, s, trimmed(s, true) or false)
  end
  return kept or nil
end

-- text.length(s) -> the number of grapheme clusters in `s` (what a reader counts as characters).
---@param s string
---@return integer
function M.length(s)
  check_text("text.length", "s", s)
  return simple_length(s) or host_length(s)
end

-- text.initials(s [, count]) -> the first cluster of each of the first `count` (default 3)
-- words of `s`, upper-cased and joined: "DR" for "Design review"; "" when `s` is blank.
---@param s string
---@param count? integer
---@return string
function M.initials(s, count)
  check_text("text.initials", "s", s)
  count = count == nil and 3 or count
  if math.type(count) ~= "integer" or count < 0 then
    error("text.initials: count must be a non-negative integer, got " .. describe(count), 2)
  end
  if find(s, COMPLEX) then
    return host_initials(s, count)
  end
  local letters = {}
  for word in gmatch(s, "%S+") do
    if #letters == count then break end
    letters[#letters + 1] = upper(sub(word, 1, 1))
  end
  return table.concat(letters)
end

-- Whether a word can stand for a name by its initial: it starts with a letter (any byte beyond
-- ASCII but emoji, whose UTF-8 starts F0 9F, counts as one).
local function initialable(word)
  return find(word, "^[%a\128-\255]") ~= nil and find(word, "^\240\159") == nil
end

-- The forms text.names lists for the valid UTF-8 string `name`.
local function forms_of(name)
  local full = trimmed(name, true)
  if not full then return {} end
  local forms, words = { full }, {}
  for word in gmatch(full, "%S+") do words[#words + 1] = word end
  if #words < 2 then return forms end
  local first, candidates = words[1], {}
  for i = #words, 2, -1 do
    if initialable(words[i]) then
      candidates[1] = first .. " " .. M.initials(words[i], 1) .. "."
      break
    end
  end
  candidates[#candidates + 1] = first
  for _, form in ipairs(candidates) do
    if #form < #forms[#forms] then forms[#forms + 1] = form end
  end
  return forms
end

-- text.names(name) -> a person's name said ever shorter, longest first, for renderings:
-- the whole name as one line, then the first word and the initial of the last word that starts
-- with a letter ("Maximilian-Alexander H."; "Heung-min S." for "Heung-min Son 🇰🇷"), then the
-- first word alone; each only when shorter than the one before. { } when `name` is nil or blank.
---@param name string?
---@return string[]
function M.names(name)
  if name == nil then return {} end
  local forms = nameLists.seen[name]
  if forms == nil then
    check_text("text.names", "name", name)
    forms = keep(nameLists, name, forms_of(name))
  end
  return table.move(forms, 1, #forms, 1, {})  -- a copy: the caller may change it
end

-- text.shorten(name, width, fontSize) -> the first of text.names(name) that fits `width` points
-- at `fontSize`; else the first word truncated ("Maximilian-Alex…"); nil when not even one
-- cluster of it fits with "…", or when `name` is nil or blank.
---@param name string?
---@param width number
---@param fontSize number
---@return string?
function M.shorten(name, width, fontSize)
  if name ~= nil then check_text("text.shorten", "name", name) end
  if type(width) ~= "number" or not (width >= 0) or width == huge then
    error("text.shorten: width must be a non-negative number, got " .. describe(width), 2)
  end
  check_positive("text.shorten", "fontSize", fontSize)
  local forms = M.names(name)
  if #forms == 0 then return nil end
  for _, form in ipairs(forms) do
    if fits_width(units_of(form), fontSize, width) then return form end
  end
  local cut = shorten(forms[#forms], width, fontSize)
  if cut == ELLIPSIS then return nil end
  return cut
end

return M
