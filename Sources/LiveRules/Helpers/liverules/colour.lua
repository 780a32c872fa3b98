-- liverules.colour: "#RRGGBB" colours, WCAG contrast and StandBy night mode.

local support = require "liverules.support"
local describe = support.describe

local M = {}

---@type liverules.Colour
M.WHITE = "#FFFFFF"
---@type liverules.Colour
M.BLACK = "#000000"
---@type number
M.GRAPHICS_CONTRAST = 3.0 -- WCAG minimum for icons, progress bars and large text
---@type number
M.TEXT_CONTRAST = 4.5     -- WCAG minimum for body text

-- The host's check of the syntax (Colour.isValid, which also checks colours in a rule's
-- output): one definition, and cheaper than checking each digit in Lua.
local is_colour = support.host("colour_valid", "colour")

-- What parsing found for each colour text seen: { r, g, b, luminance }, or false for text that
-- is not a colour (see support.memo): packs judge the same few colours on every update.
local parsed = support.memo()

-- One sRGB channel 0...255 as linear light 0...1.
local function linear(channel)
  local c = channel / 255
  if c <= 0.04045 then return c / 12.92 end
  return ((c + 0.055) / 1.055) ^ 2.4
end

-- Relative luminance of parsed channels.
local function luminance(r, g, b)
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
end

-- The memo entry of `hex`, parsing a string not seen before; nil for anything but a colour.
local function entry(hex)
  local known = parsed.seen[hex]
  if known ~= nil then return known or nil end
  if type(hex) ~= "string" then return nil end
  if not is_colour(hex) then return support.keep(parsed, hex, false) or nil end
  local r, g, b = tonumber(string.sub(hex, 2, 3), 16), tonumber(string.sub(hex, 4, 5), 16),
    tonumber(string.sub(hex, 6, 7), 16)
  return support.keep(parsed, hex, { r, g, b, luminance(r, g, b) })
end

-- colour.parse(hex) -> r, g, b (integers 0...255) for "#RRGGBB" (hex digits in either case);
-- nil, reason for anything else. It never raises.
---@param hex string?
---@return integer? r
---@return integer|string g the green channel, or why `hex` is not a colour
---@return integer? b
function M.parse(hex)
  local found = entry(hex)
  if found then return found[1], found[2], found[3] end
  if type(hex) == "string" and #hex == 7 and string.sub(hex, 1, 1) == "#" then
    local bad = string.find(hex, "[^%x]", 2)
    if bad then return nil, "bad hex digit '" .. string.sub(hex, bad, bad) .. "' in " .. describe(hex) end
  end
  return nil, 'expected "#RRGGBB", got ' .. describe(hex)
end

-- colour.valid(hex) -> true when colour.parse accepts `hex`.
---@param hex any
---@return boolean
function M.valid(hex)
  return entry(hex) ~= nil
end

-- The memo entry of argument `name` of a public function, or raises at that function's caller.
local function known(fname, name, hex)
  local found = entry(hex)
  if not found then error(fname .. ": " .. name .. " is not a colour (" .. select(2, M.parse(hex)) .. ")", 3) end
  return found
end

-- colour.format(r, g, b) -> "#RRGGBB" in uppercase; channels are rounded to the nearest
-- integer and clamped to 0...255.
---@param r number
---@param g number
---@param b number
---@return liverules.Colour
function M.format(r, g, b)
  local values = { r, g, b }
  for i, name in ipairs({ "r", "g", "b" }) do
    local v = values[i]
    if type(v) ~= "number" or v ~= v then
      error("colour.format: " .. name .. " must be a number, got " .. describe(v), 2)
    end
    values[i] = math.floor(math.max(0, math.min(255, v)) + 0.5)
  end
  return string.format("#%02X%02X%02X", values[1], values[2], values[3])
end

-- colour.luminance(hex) -> WCAG 2.x relative luminance, 0 (black) ... 1 (white).
---@param hex liverules.Colour
---@return number
function M.luminance(hex)
  return known("colour.luminance", "hex", hex)[4]
end

-- Contrast ratio of two luminances, lighter over darker.
local function contrast(la, lb)
  local lighter, darker = math.max(la, lb), math.min(la, lb)
  return (lighter + 0.05) / (darker + 0.05)
end

-- colour.contrast(a, b) -> WCAG contrast ratio 1...21 of two colours, in either order.
---@param a liverules.Colour
---@param b liverules.Colour
---@return number
function M.contrast(a, b)
  return contrast(known("colour.contrast", "a", a)[4], known("colour.contrast", "b", b)[4])
end

-- colour.pick(background, minimum, ...) -> colour, position: the first candidate colour whose
-- contrast against `background` is at least `minimum`, and its position among the candidates;
-- nil, nil when none qualifies. Candidates that are nil or not "#RRGGBB" are skipped.
---@param background liverules.Colour
---@param minimum number
---@param ... liverules.Colour?
---@return liverules.Colour? colour
---@return integer? position
function M.pick(background, minimum, ...)
  local lb = known("colour.pick", "background", background)[4]
  if type(minimum) ~= "number" or minimum ~= minimum then
    error("colour.pick: minimum must be a number, got " .. describe(minimum), 2)
  end
  for i = 1, select("#", ...) do
    local candidate = (select(i, ...))
    local found = entry(candidate)
    if found and contrast(found[4], lb) >= minimum then return candidate, i end
  end
  return nil, nil
end

local nights = support.memo()

-- colour.night(hex) -> "#RR0000": the StandBy night-mode rendering of a colour, red of the
-- same lightness, R = round(0.2126 R + 0.7152 G + 0.0722 B) on the gamma-encoded channels.
---@param hex liverules.Colour
---@return liverules.Colour
function M.night(hex)
  local remembered = nights.seen[hex]
  if remembered then return remembered end
  local found = known("colour.night", "hex", hex)
  return support.keep(nights, hex, M.format(0.2126 * found[1] + 0.7152 * found[2] + 0.0722 * found[3], 0, 0))
end

return M
