-- liverules.time: countdowns, durations and progress for presentation rules, and live fields
-- that a device keeps current (time.countdown, time.elapsed, time.progress_field).
-- Dates are Unix seconds (integers or floats).

local support = require "liverules.support"
local describe, note = support.describe, support.note
local math_type = math.type

local M = {}

---A field's text at `now` and the live form a device keeps current in its place (time.countdown,
---time.elapsed, time.progress_field); give both to layout.place.
---@class liverules.LiveField
---@field text string what the field reads at `now`
---@field live liverules.LiveForm what the device draws and keeps current

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

-- Raises unless `now` and `moment` are dates, blaming the caller of time.reached or
-- time.passed. Rules call both often: the checks run in full only for what is not two finite
-- numbers (x - x is 0 for those alone).
local function check_moments(fname, now, moment)
  if not math_type(now) or not math_type(moment) or now - now ~= 0 or moment - moment ~= 0 then
    check_date(fname, "now", now, 4)
    check_date(fname, "moment", moment, 4)
  end
end

-- time.reached(now, moment) -> whether `moment` has come at `now` (now >= moment). Compare
-- `now` with a date through it, not with `<` or `>=`: the host then knows the moment the
-- answer changes, and tells a backend exactly when to push next (nextUpdate):
--   if time.reached(now, meeting.start) then …                 -- a meeting has begun
--   if not time.reached(now, notice.sentAt + CONFIRMATION) then … -- still confirming
---@param now liverules.Date
---@param moment liverules.Date
---@return boolean
function M.reached(now, moment)
  check_moments("time.reached", now, moment)
  if now >= moment then return true end
  note(now, moment)
  return false
end

-- time.passed(now, moment) -> whether `moment` is over at `now` (now > moment): time.reached
-- for a moment that itself still counts as before it ("late from the second after the promised
-- time"). The host learns the first whole second past `moment`.
---@param now liverules.Date
---@param moment liverules.Date
---@return boolean
function M.passed(now, moment)
  check_moments("time.passed", now, moment)
  if now > moment then return true end
  note(now, math.floor(moment) + 1)
  return false
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

-- The percentage time.percent and time.progress_field give (the host's LiveForm reads the same).
local function percent_of(elapsed, total, start, finish, now)
  if now >= finish then return 100 end
  if now <= start then return 0 end
  return math.max(0, math.min(99, math.floor(elapsed * 100 / total)))
end

-- time.progress(start, finish, now) -> the elapsed fraction, clamped to 0...1
-- (0 until start, 1 from finish on). Error if finish <= start.
---@param start liverules.Date
---@param finish liverules.Date
---@param now liverules.Date
---@return number
function M.progress(start, finish, now)
  local elapsed, total = span("time.progress", start, finish, now)
  if now >= finish then return 1.0 end
  if now <= start then return 0.0 end
  return math.max(0.0, math.min(1.0, elapsed / total))
end

-- time.percent(start, finish, now) -> the elapsed percentage as an integer 0...100: 0 until
-- start, 100 from finish on, and between them rounded down, at most 99 (99.9 % shows 99 until
-- the end). Error if finish <= start.
---@param start liverules.Date
---@param finish liverules.Date
---@param now liverules.Date
---@return integer
function M.percent(start, finish, now)
  local elapsed, total = span("time.percent", start, finish, now)
  return percent_of(elapsed, total, start, finish, now)
end

-- Live fields: a field's text at `now` and the live form a device draws in its place and keeps
-- current, returned together so that a rule never writes one without the other:
--   { text = "in 9:59", live = { timer = { date = to, counts = "down", prefix = "in " } } }
-- Give both to layout.place (`{ id = "eta", text = eta.text, live = eta.live }`). The text is
-- what the device shows at `now` (the host refuses a text that is not); goldens and the output
-- checks read it. A timer is a clock, "9:59" under an hour and "1:02:03" from an hour on: the
-- one live style both iOS (Text(timerInterval:)) and Android (Chronometer) draw. With
-- `{ showsHours = false }` it counts minutes past 59 instead, "67:20" (iOS:
-- Text(timerInterval:showsHours: false); Android draws its whole minutes, "67'", as text).

-- `seconds` (>= 0) as a clock shows it: "9:59" under an hour, "1:02:03" from an hour on; every
-- minute, "67:20", when `hours` is false.
local function clock_text(seconds, hours)
  if hours ~= false and seconds >= 3600 then
    return string.format("%d:%02d:%02d", seconds // 3600, seconds % 3600 // 60, seconds % 60)
  end
  return string.format("%d:%02d", seconds // 60, seconds % 60)
end

-- Whole seconds (>= 0) of `span` seconds, rounded to the millisecond first (float noise in
-- dates never adds a second), then up when `up` (a countdown counts a partial second as a
-- whole one, as time.minutes does minutes), else down; a negative span gives 0.
local function whole_seconds(span, up)
  local ms = math.floor(span * 1000 + 0.5)
  if ms <= 0 then return 0 end
  if up then return (ms + 999) // 1000 end
  return ms // 1000
end

-- The timer of a live field: the clock between the text before and after "%s" in `format`
-- (checked: a string holding "%s" once; nil for the clock alone), with `options` (checked: nil
-- or { showsHours = boolean }). Blames the caller of the public function calling this.
local function timer(fname, date, counts, format, seconds, options)
  local prefix, suffix, hours = "", "", true
  if options ~= nil then
    if type(options) ~= "table" then
      error(fname .. ": options must be a table such as { showsHours = false }, got " .. describe(options), 3)
    end
    for key, value in pairs(options) do
      if key ~= "showsHours" then
        error(fname .. ": options: unknown option " .. describe(key) .. " (options: showsHours)", 3)
      elseif type(value) ~= "boolean" then
        error(fname .. ": options.showsHours must be a boolean, got " .. describe(value), 3)
      end
    end
    hours = options.showsHours ~= false
  end
  if format ~= nil then
    local at = type(format) == "string" and string.find(format, "%s", 1, true)
    if not at or string.find(format, "%s", at + 2, true) then
      error(fname .. ": format must be a string holding %s once, where the clock goes (\"in %s\"), got "
        .. describe(format), 3)
    end
    prefix, suffix = string.sub(format, 1, at - 1), string.sub(format, at + 2)
  end
  local form = { date = date, counts = counts }
  if prefix ~= "" then form.prefix = prefix end
  if suffix ~= "" then form.suffix = suffix end
  if not hours then form.showsHours = false end
  return { text = prefix .. clock_text(seconds, hours) .. suffix, live = { timer = form } }
end

-- time.countdown(to, now [, format [, options]]) -> { text, live }: the time left until `to` as
-- a clock counting down and stopping at zero ("9:59", "1:02:03", a partial second counting as
-- a whole one), placed in `format` ("in %s" -> "in 9:59"); `{ showsHours = false }` counts
-- minutes past 59 ("75:00"). live is { timer = { date = to, counts = "down", prefix, suffix,
-- showsHours } } (showsHours only when false).
---@param to liverules.Date
---@param now liverules.Date
---@param format? string
---@param options? liverules.TimerOptions
---@return liverules.LiveField
function M.countdown(to, now, format, options)
  check_date("time.countdown", "to", to, 3)
  check_date("time.countdown", "now", now, 3)
  return timer("time.countdown", to, "down", format, whole_seconds(to - now, true), options)
end

-- time.elapsed(since, now [, format [, options]]) -> { text, live }: the time since `since` as
-- a clock counting up ("0:42", "1:02:03", partial seconds left out; zero before it), placed in
-- `format`; `{ showsHours = false }` counts minutes past 59, as a football clock does ("67:20").
-- live is { timer = { date = since, counts = "up", prefix, suffix, showsHours } }.
---@param since liverules.Date
---@param now liverules.Date
---@param format? string
---@param options? liverules.TimerOptions
---@return liverules.LiveField
function M.elapsed(since, now, format, options)
  check_date("time.elapsed", "since", since, 3)
  check_date("time.elapsed", "now", now, 3)
  return timer("time.elapsed", since, "up", format, whole_seconds(now - since, false), options)
end

-- time.progress_field(start, finish, now) -> { text, live }: the progress of start...finish as
-- time.percent writes it, "83%", and live = { progress = { start = start, finish = finish } },
-- the bar iOS fills by itself (on Android the app redraws it at each whole percent). Error if
-- finish <= start.
---@param start liverules.Date
---@param finish liverules.Date
---@param now liverules.Date
---@return liverules.LiveField
function M.progress_field(start, finish, now)
  local elapsed, total = span("time.progress_field", start, finish, now)
  local percent = percent_of(elapsed, total, start, finish, now)
  return { text = percent .. "%", live = { progress = { start = start, finish = finish } } }
end

return M
