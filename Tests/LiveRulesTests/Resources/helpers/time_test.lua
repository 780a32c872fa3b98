-- Tests for liverules.time: each function raises on failure.
local time = require "liverules.time"
local support = require "liverules.support"
local check = require "check"
local eq, raises = check.same, check.raises("time.lua")

-- A live field as one line: its text, then its live form's kind and values.
local function show(field)
  local live, form = field.live, nil
  if live.timer then
    form = "timer " .. live.timer.date .. " " .. live.timer.counts .. " [" .. tostring(live.timer.prefix) .. "|"
      .. tostring(live.timer.suffix) .. "]"
  else
    form = "progress " .. live.progress.start .. " " .. live.progress.finish
  end
  return field.text .. " | " .. form
end

return {
  ["reached: from the moment on; passed: from the second after it"] = function()
    eq(time.reached(99, 100), false)
    eq(time.reached(100, 100), true)
    eq(time.reached(101, 100), true)
    eq(time.passed(100, 100), false)
    eq(time.passed(100.5, 100), true)
    eq(time.passed(101, 100), true)
  end,
  ["reached, passed: the soonest moment ahead of the presentation's now is noted"] = function()
    support.begin(100)
    eq(support.soonest(), nil)
    time.reached(100, 160)
    time.reached(100, 130)
    time.reached(100, 50)     -- past: its answer never changes again
    time.reached(90, 110)     -- another now: says nothing about this presentation
    eq(support.soonest(), 130)
    time.passed(100, 120.5)   -- true from the first whole second past it
    eq(support.soonest(), 121)
    time.passed(100, 100)
    eq(support.soonest(), 101)
    support.begin(200)
    eq(support.soonest(), nil, "each presentation starts afresh")
  end,
  ["reached, passed: reject what is not a date"] = function()
    raises(function() time.reached(100, "soon") end, 'time.reached: moment must be a date (Unix seconds), got "soon"')
    raises(function() time.reached(0 / 0, 100) end, "time.reached: now must be a date (Unix seconds)")
    raises(function() time.passed(100, nil) end, "time.passed: moment must be a date (Unix seconds), got nil")
  end,
  ["minutes: a zero span is 0"] = function()
    eq(time.minutes(1000, 1000), 0)
  end,
  ["minutes: partial minutes round up (1 s, 59 s)"] = function()
    eq(time.minutes(0, 1), 1)
    eq(time.minutes(0, 59), 1)
  end,
  ["minutes: whole minutes are exact (60 s, 900 s)"] = function()
    eq(time.minutes(0, 60), 1)
    eq(time.minutes(0, 900), 15)
  end,
  ["minutes: 61 s is 2"] = function()
    eq(time.minutes(0, 61), 2)
  end,
  ["minutes: negative spans mirror positive ones"] = function()
    eq(time.minutes(61, 0), -2)
    eq(time.minutes(60, 0), -1)
    eq(time.minutes(1, 0), -1)
    eq(time.minutes(0, 0.5), 1)
    eq(time.minutes(0.5, 0), -1)
  end,
  ["minutes: float dates, result is an integer"] = function()
    local start = 1700000000.25
    eq(time.minutes(start - 899.5, start), 15)
    eq(time.minutes(start - 900.0, start), 15)
    eq(time.minutes(start - 900.5, start), 16)
  end,
  ["minutes: sub-millisecond float noise does not add a minute"] = function()
    local start = 1700000000.0
    eq(time.minutes(start - 900.0000001, start), 15)
    eq(time.minutes(start - 900.001, start), 16)
  end,
  ["minutes: rejects non-numbers and NaN"] = function()
    raises(function() time.minutes("0", 60) end, 'time.minutes: from must be a date (Unix seconds), got "0"')
    raises(function() time.minutes(0, nil) end, "time.minutes: to must be a date (Unix seconds), got nil")
    raises(function() time.minutes(0, 0 / 0) end, "time.minutes: to must be a date")
    raises(function() time.minutes(math.huge, 0) end, "time.minutes: from must be a date")
  end,

  ["format: under an hour"] = function()
    eq(time.format(0), "0m")
    eq(time.format(12), "12m")
    eq(time.format(59), "59m")
  end,
  ["format: whole hours"] = function()
    eq(time.format(60), "1h")
    eq(time.format(120), "2h")
  end,
  ["format: hours and minutes"] = function()
    eq(time.format(65), "1h 5m")
    eq(time.format(1510), "25h 10m")
  end,
  ["format: accepts integral floats"] = function()
    eq(time.format(12.0), "12m")
    eq(time.format(65.0), "1h 5m")
  end,
  ["format: rejects strings, fractions and negatives"] = function()
    raises(function() time.format("12") end, 'time.format: minutes must be a non-negative whole number, got "12"')
    raises(function() time.format(12.5) end, "time.format: minutes must be a non-negative whole number, got 12.5")
    raises(function() time.format(-1) end, "time.format: minutes must be a non-negative whole number, got -1")
    raises(function() time.format(nil) end, "got nil")
    raises(function() time.format(math.huge) end, "got inf")
  end,

  ["format_long: minutes, hours, both"] = function()
    eq(time.format_long(0), "0 min")
    eq(time.format_long(12), "12 min")
    eq(time.format_long(60), "1 hr")
    eq(time.format_long(65), "1 hr 5 min")
    eq(time.format_long(1510), "25 hr 10 min")
    eq(time.format_long(5.0), "5 min")
  end,
  ["format_long: rejects bad minutes"] = function()
    raises(function() time.format_long(-5) end, "time.format_long: minutes must be a non-negative whole number, got -5")
    raises(function() time.format_long({}) end, "time.format_long: minutes must be a non-negative whole number, got table")
  end,
  ["format of minutes: countdown end to end"] = function()
    eq(time.format(time.minutes(0, 3661)), "1h 2m")
  end,

  ["progress: before, at and after the span"] = function()
    eq(time.progress(100, 200, 50), 0.0)
    eq(time.progress(100, 200, 100), 0.0)
    eq(time.progress(100, 200, 150), 0.5)
    eq(time.progress(100, 200, 200), 1.0)
    eq(time.progress(100, 200, 1000), 1.0)
  end,
  ["progress: a float between 0 and 1"] = function()
    local p = time.progress(0, 3, 1)
    assert(math.abs(p - 1 / 3) < 1e-12, "expected 1/3, got " .. p)
  end,
  ["progress: finish must be after start"] = function()
    raises(function() time.progress(200, 200, 0) end, "time.progress: finish must be after start, got start 200 and finish 200")
    raises(function() time.progress(200, 100, 0) end, "time.progress: finish must be after start")
    raises(function() time.progress(0, 100, "now") end, 'time.progress: now must be a date (Unix seconds), got "now"')
  end,

  ["percent: integers, rounded down, clamped"] = function()
    eq(time.percent(0, 100, -5), 0)
    eq(time.percent(0, 100, 29), 29)
    eq(time.percent(0, 3, 2), 66)
    eq(time.percent(0, 1000, 999), 99)
    eq(time.percent(0, 100, 100), 100)
    eq(time.percent(0, 100, 250), 100)
  end,
  ["percent: exact percentages stay exact with float dates"] = function()
    local start = 1700000000.5
    for p = 0, 100 do eq(time.percent(start, start + 3600, start + 36 * p), p) end
  end,
  ["percent: finish must be after start"] = function()
    raises(function() time.percent(10, 5, 7) end, "time.percent: finish must be after start, got start 10 and finish 5")
    raises(function() time.percent(nil, 5, 7) end, "time.percent: start must be a date (Unix seconds), got nil")
  end,
  ["countdown: a clock reads m:ss under an hour and h:mm:ss from an hour on"] = function()
    eq(time.countdown(1000, 401).text, "9:59")
    eq(time.countdown(1000, 400).text, "10:00")
    eq(time.countdown(1000, 941).text, "0:59")
    eq(time.countdown(4000, 400).text, "1:00:00")
    eq(time.countdown(3723, 0).text, "1:02:03")
    eq(time.countdown(90000, 0).text, "25:00:00")
  end,
  ["countdown: a partial second counts as a whole one; float noise does not; past the date it is 0:00"] = function()
    eq(time.countdown(1000, 400.5).text, "10:00")
    eq(time.countdown(1700000600.0, 1700000000.0000001).text, "10:00")
    eq(time.countdown(1000, 1000).text, "0:00")
    eq(time.countdown(1000, 5000).text, "0:00")
  end,
  ["countdown: a format places the clock at its %s; the live form keeps what is around it"] = function()
    eq(show(time.countdown(1000, 400)), "10:00 | timer 1000 down [nil|nil]")
    eq(show(time.countdown(1000.5, 400, "in %s")), "in 10:01 | timer 1000.5 down [in |nil]")
    eq(show(time.countdown(4000, 400, "%s left")), "1:00:00 left | timer 4000 down [nil| left]")
    eq(show(time.countdown(1000, 400, "%s")), "10:00 | timer 1000 down [nil|nil]")
    eq(show(time.countdown(1000, 400, "50% in %s!")), "50% in 10:00! | timer 1000 down [50% in |!]")
  end,
  ["elapsed: counts up from the date, partial seconds left out, zero before it"] = function()
    eq(show(time.elapsed(400, 1000)), "10:00 | timer 400 up [nil|nil]")
    eq(time.elapsed(400, 441.9).text, "0:41")
    eq(time.elapsed(0, 3723).text, "1:02:03")
    eq(time.elapsed(1000, 400).text, "0:00")
    eq(show(time.elapsed(0, 2700, "%s'")), "45:00' | timer 0 up [nil|']")
  end,
  ["elapsed and countdown: without hours, every minute"] = function()
    local minutes = { showsHours = false }
    local clock = time.elapsed(0, 3980, nil, minutes)
    eq(clock.text, "66:20")
    eq(clock.live.timer.showsHours, false)
    eq(time.elapsed(0, 7503, nil, minutes).text, "125:03")
    eq(time.elapsed(2700, 2900, "45+%s", minutes).text, "45+3:20")
    eq(time.elapsed(400, 441.9, nil, minutes).text, "0:41")
    eq(time.countdown(4500, 0, "in %s", minutes).text, "in 75:00")
    -- Hours shown, as without options: no showsHours in the form.
    eq(time.elapsed(0, 3980, nil, { showsHours = true }).text, "1:06:20")
    eq(time.elapsed(0, 3980, nil, { showsHours = true }).live.timer.showsHours, nil)
    eq(time.elapsed(0, 3980, nil, {}).live.timer.showsHours, nil)
  end,
  ["elapsed and countdown: bad options are the caller's errors"] = function()
    raises(function() time.elapsed(0, 400, nil, false) end,
      "time.elapsed: options must be a table such as { showsHours = false }, got false")
    raises(function() time.countdown(1000, 400, nil, { hours = false }) end,
      'time.countdown: options: unknown option "hours" (options: showsHours)')
    raises(function() time.elapsed(0, 400, nil, { showsHours = "no" }) end,
      'time.elapsed: options.showsHours must be a boolean, got "no"')
  end,
  ["countdown and elapsed: wrong dates and formats are the caller's errors"] = function()
    raises(function() time.countdown("1000", 400) end, 'time.countdown: to must be a date (Unix seconds), got "1000"')
    raises(function() time.countdown(1000, 0 / 0) end, "time.countdown: now must be a date (Unix seconds), got")
    raises(function() time.countdown(1000, 400, "in 10 min") end,
      'time.countdown: format must be a string holding %s once, where the clock goes ("in %s"), got "in 10 min"')
    raises(function() time.countdown(1000, 400, "%s of %s") end, "time.countdown: format must be a string holding %s once")
    raises(function() time.elapsed(nil, 400) end, "time.elapsed: since must be a date (Unix seconds), got nil")
    raises(function() time.elapsed(0, 400, 1) end, "time.elapsed: format must be a string holding %s once, where the clock goes")
  end,
  ["progress_field: the percentage now and a bar from start to finish"] = function()
    eq(show(time.progress_field(0, 600, 500)), "83% | progress 0 600")
    eq(time.progress_field(100, 200, 50).text, "0%")
    eq(time.progress_field(100, 200, 999).text, "100%")
    raises(function() time.progress_field(10, 5, 7) end,
      "time.progress_field: finish must be after start, got start 10 and finish 5")
    raises(function() time.progress_field(0, 5, "now") end, 'time.progress_field: now must be a date (Unix seconds), got "now"')
  end,
}
