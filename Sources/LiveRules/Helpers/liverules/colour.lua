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

-- colour.parse(hex) -> r, g, b (integers 0...255) for "#RRGGBB" (hex digits in either case);
-- nil, reason for anything else. It never raises.
---@param hex string?
---@return integer? r
---@return integer|string g the green channel, or why `hex` is not a colour
---@return integer? b
function M.parse(hex)
  if type(hex) ~= "string" or not is_colour(hex) then
    if type(hex) == "string" and #hex == 7 and string.sub(hex, 1, 1) == "#" then
      local bad = string.find(hex, "[^%x]", 2)
      if bad then return nil, "bad hex digit '" .. string.sub(hex, bad, bad) .. "' in " .. describe(hex) end
    end
    return nil, 'expected "#RRGGBB", got ' .. describe(hex)
  end
  return tonumber(string.sub(hex, 2, 3), 16), tonumber(string.sub(hex, 4, 5), 16), tonumber(string.sub(hex, 6, 7), 16)
end

-- colour.valid(hex) -> true when colour.parse accepts `hex`.
---@param hex any
---@return boolean
function M.valid(hex)
  return (M.parse(hex)) ~= nil
end

-- Parses argument `name`, or raises at the public function's caller.
local function channels(fname, name, hex)
  local r, g, b = M.parse(hex)
  if not r then error(fname .. ": " .. name .. " is not a colour (" .. g .. ")", 3) end
  return r, g, b
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

-- colour.luminance(hex) -> WCAG 2.x relative luminance, 0 (black) ... 1 (white).
---@param hex liverules.Colour
---@return number
function M.luminance(hex)
  return luminance(channels("colour.luminance", "hex", hex))
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
  local la = luminance(channels("colour.contrast", "a", a))
  local lb = luminance(channels("colour.contrast", "b", b))
  return contrast(la, lb)
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
  local lb = luminance(channels("colour.pick", "background", background))
  if type(minimum) ~= "number" or minimum ~= minimum then
    error("colour.pick: minimum must be a number, got " .. describe(minimum), 2)
  end
  for i = 1, select("#", ...) do
    local candidate = (select(i, ...))
    local r, g, b = M.parse(candidate)
    if r and contrast(luminance(r, g, b), lb) >= minimum then return candidate, i end
  end
  return nil, nil
end

-- colour.night(hex) -> "#RR0000": the StandBy night-mode rendering of a colour, red of the
-- same lightness, R = round(0.2126 R + 0.7152 G + 0.0722 B) on the gamma-encoded channels.
---@param hex liverules.Colour
---@return liverules.Colour
function M.night(hex)
  local r, g, b = channels("colour.night", "hex", hex)
  return M.format(0.2126 * r + 0.7152 * g + 0.0722 * b, 0, 0)
end

return M
