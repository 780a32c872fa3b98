-- liverules.palette: the three appearances a live activity is drawn in, and an accent for each
-- that stays readable: a preferred colour (a team's, a calendar's) where it has enough contrast
-- against the appearance's background (WCAG 3:1, for graphics), otherwise the first fallback
-- that has, otherwise the foreground. StandBy at night tints everything red, so there every
-- candidate is tinted before it is judged.
--   return palette.accented {
--     preferred = meeting.calendarColor,              -- may be nil
--     fallbacks = { "#0A84FF", "#8E8E93" },            -- brand, then neutral
--     label = "calendar colour", missing = "no calendar colour",
--   }
-- A palette rule returns the result as it is.

local colour = require "liverules.colour"
local explain = require "liverules.explain"
local describe = require("liverules.support").describe

local M = {}

-- The appearances, in a fixed order: the lock screen in light and dark mode, and StandBy at night.
local APPEARANCES = {
  { name = "light", background = colour.WHITE, foreground = colour.BLACK },
  { name = "dark", background = colour.BLACK, foreground = colour.WHITE },
  { name = "standByNight", background = colour.BLACK, foreground = colour.night(colour.WHITE), night = true },
}

local function same(c) return c end

-- The accent of one appearance, and the fallback reason (nil when the preferred colour is used,
-- or when there is no preferred colour and `missing` is nil).
local function accent(spec, look)
  local tint = look.night and colour.night or same
  local preferred = spec.preferred and tint(spec.preferred)
  local fallbacks = spec.fallbacks or {}
  local count = #fallbacks + 2  -- preferred (maybe nil), the fallbacks, the foreground
  local candidates = { preferred }
  for index, fallback in ipairs(fallbacks) do candidates[index + 1] = tint(fallback) end
  candidates[count] = look.foreground
  local chosen, position = colour.pick(look.background, colour.GRAPHICS_CONTRAST, table.unpack(candidates, 1, count))
  if position == 1 then return chosen, nil end
  if spec.preferred == nil then return chosen, spec.missing end
  return chosen, string.format("%s %s has %.1f:1 contrast on %s (needs 3:1)", spec.label or "colour",
                               spec.preferred, colour.contrast(preferred, look.background), look.background)
end

-- Records, when the host explains, the accent chosen for `look`: why it fell back (with the
-- preferred colour's contrast against the required 3:1) or that the preferred colour is used.
local function explainAccent(spec, look, chosen, reason)
  local output = "palette." .. look.name
  if spec.preferred ~= nil and reason == nil then
    explain.record { kind = "accent", output = output, colour = chosen, accent = chosen,
      summary = look.name .. " accent " .. chosen .. ": " .. (spec.label or "colour") .. " has enough contrast" }
    return
  end
  local contrast = spec.preferred and colour.contrast(look.night and colour.night(spec.preferred) or spec.preferred,
                                                     look.background)
  explain.record { kind = "fallback", output = output, colour = spec.preferred, accent = chosen, contrast = contrast,
    required = colour.GRAPHICS_CONTRAST,
    summary = look.name .. " accent " .. chosen .. ": " .. (reason or ("no " .. (spec.label or "colour"))) }
end

-- palette.accented(spec) -> { light = {...}, dark = {...}, standByNight = {...} }, each
-- { background, foreground, accent, fallback }. spec: `preferred` (a colour or nil),
-- `fallbacks` (colours, tried in order), `label` (names the preferred colour in the reason it
-- fell back: "calendar colour #1C1C1E has 1.2:1 contrast on #000000 (needs 3:1)"), `missing`
-- (the reason when there is no preferred colour; nil: no reason).
---@param spec { preferred: liverules.Colour?, fallbacks: liverules.Colour[]?, label: string?, missing: string? }
---@return liverules.Palette
function M.accented(spec)
  if type(spec) ~= "table" then error("palette.accented: expected a table, got " .. describe(spec), 2) end
  if spec.preferred ~= nil and not colour.valid(spec.preferred) then
    error("palette.accented: preferred must be a colour #RRGGBB or nil, got " .. describe(spec.preferred), 2)
  end
  for index, fallback in ipairs(spec.fallbacks or {}) do
    if not colour.valid(fallback) then
      error("palette.accented: fallbacks[" .. index .. "] must be a colour #RRGGBB, got " .. describe(fallback), 2)
    end
  end
  local result = {}
  for _, look in ipairs(APPEARANCES) do
    local chosen, reason = accent(spec, look)
    result[look.name] = { background = look.background, foreground = look.foreground, accent = chosen, fallback = reason }
    if explain.on then explainAccent(spec, look, chosen, reason) end
  end
  return result
end

-- palette.fixed(accent) -> the three appearances with the same accent and no fallback: for a
-- colour that must not change (an ongoing activity's green).
---@param accent liverules.Colour
---@return liverules.Palette
function M.fixed(accent)
  if not colour.valid(accent) then error("palette.fixed: expected a colour #RRGGBB, got " .. describe(accent), 2) end
  local result = {}
  for _, look in ipairs(APPEARANCES) do
    result[look.name] = { background = look.background, foreground = look.foreground, accent = accent }
    if explain.on then
      explain.record { kind = "accent", output = "palette." .. look.name, accent = accent,
        summary = look.name .. " accent " .. accent .. ": fixed" }
    end
  end
  return result
end

return M
