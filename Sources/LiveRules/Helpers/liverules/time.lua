-- liverules.time: countdowns, durations and progress for presentation rules.
-- Dates are Unix seconds (integers or floats).

local support = require "liverules.support"
local describe = support.describe

local M = {}

-- time.clock(date, timeZone) -> "14:30": the wall-clock time of `date` in an IANA time zone,
-- on a 24-hour clock. The host provides it (time zones need the host's database); an unknown
-- zone is an error naming it.
---@type fun(date: liverules.Date, timeZone: string): string
M.clock = support.host("clock", "time.clock")

-- time.at(text, timeZone) -> the date (Unix seconds) of a wall-clock time written in a rule,
-- "2026-11-24T09:00" (or with seconds) in an IANA time zone, for comparing with input dates:
-- `if input.now < time.at("2026-11-24T09:00", input.attributes.timeZone) then`. A date with
-- its offset ("2026-11-24T09:00:00Z") is taken as written. The host provides it.
---@type fun(text: string, timeZone: string): liverules.Date
M.at = support.host("at", "time.at")

-- Raises unless `value` is a finite number; `level` 3 blames the caller of the public
-- function calling this, 4 the caller of the public function calling that function.
local function check_date(fname, name, value, level)
  if type(value) ~= "number" or value ~= value or value == math.huge or value == -math.huge then
    error(fname .. ": " .. name .. " must be a date (Unix seconds), got " .. describe(value), level)
  end
end

-- Raises unless `value` is a whole number >= 0 (12 and 12.0 both qualify); returns it as an integer.
local function check_minutes(fname, value)
  local whole = math.type(value) and math.tointeger(value)
  if not whole or whole < 0 then
    error(fname .. ": minutes must be a non-negative whole number, got " .. describe(value), 3)
  end
  return whole
end

-- time.minutes(from, to) -> integer minutes from `from` to `to`, counted like a countdown:
-- a partial minute counts as a whole one (0 s -> 0, 1 s -> 1, 60 s -> 1, 61 s -> 2).
-- The span is first rounded to the millisecond, so float noise in dates never adds a minute.
-- A negative span gives -time.minutes(to, from).
---@param from liverules.Date
---@param to liverules.Date
---@return integer
function M.minutes(from, to)
  check_date("time.minutes", "from", from, 3)
  check_date("time.minutes", "to", to, 3)
  local span = to - from
  local ms = math.floor(math.abs(span) * 1000 + 0.5)
  local minutes = (ms + 59999) // 60000
  if span < 0 then return -minutes end
  return minutes
end

-- A whole number of minutes as hours and minutes, each followed by its unit. Called in tail
-- position, so check_minutes still blames the caller of time.format or time.format_long.
local function duration(fname, minutes, hour_unit, minute_unit)
  local m = check_minutes(fname, minutes)
  local hours, rest = m // 60, m % 60
  if hours == 0 then return rest .. minute_unit end
  if rest == 0 then return hours .. hour_unit end
  return hours .. hour_unit .. " " .. rest .. minute_unit
end

-- time.format(minutes) -> short duration: "0m", "12m", "1h", "1h 5m", "25h 10m".
---@param minutes integer
---@return string
function M.format(minutes)
  return duration("time.format", minutes, "h", "m")
end

-- time.format_long(minutes) -> spelled-out duration: "0 min", "12 min", "1 hr", "1 hr 5 min".
---@param minutes integer
---@return string
function M.format_long(minutes)
  return duration("time.format_long", minutes, " hr", " min")
end

-- Checks the arguments of progress/percent; returns elapsed and total seconds.
local function span(fname, start, finish, now)
  check_date(fname, "start", start, 4)
  check_date(fname, "finish", finish, 4)
  check_date(fname, "now", now, 4)
  if finish <= start then
    error(fname .. ": finish must be after start, got start " .. describe(start)
      .. " and finish " .. describe(finish), 3)
  end
  return now - start, finish - start
end

-- time.progress(start, finish, now) -> the elapsed fraction, clamped to 0...1
-- (0 before start, 1 from finish on). Error if finish <= start.
---@param start liverules.Date
---@param finish liverules.Date
---@param now liverules.Date
---@return number
function M.progress(start, finish, now)
  local elapsed, total = span("time.progress", start, finish, now)
  return math.max(0.0, math.min(1.0, elapsed / total))
end

-- time.percent(start, finish, now) -> the elapsed percentage as an integer 0...100, rounded
-- down (99.9 % shows 99 until the end). Error if finish <= start.
---@param start liverules.Date
---@param finish liverules.Date
---@param now liverules.Date
---@return integer
function M.percent(start, finish, now)
  local elapsed, total = span("time.percent", start, finish, now)
  local percent = math.floor(elapsed * 100 / total)
  return math.max(0, math.min(100, percent))
end

return M
