-- Tests for liverules.text: each function raises on failure.
local text = require "liverules.text"
local check = require "check"
local eq, close, raises = check.eq, check.close, check.raises("text.lua")

return {
  ["width: advances per character class"] = function()
    close(text.width("i", 10), 3)        -- narrow
    close(text.width(" ", 10), 3)
    close(text.width("1", 10), 3)
    close(text.width("M", 10), 8)        -- wide
    close(text.width("@", 10), 8)
    close(text.width("A", 10), 6.5)      -- uppercase
    close(text.width("a", 10), 5.5)      -- everything else
    close(text.width("7", 10), 5.5)
    close(text.width("é", 10), 5.5)      -- non-ASCII counts per code point, not per byte
    close(text.width("…", 10), 5.5)
    close(text.width("日本", 10), 11)
  end,
  ["width: sums and scales with the font size"] = function()
    close(text.width("", 15), 0)
    close(text.width("12m", 15), 24.75)
    close(text.width("Design review", 15), 101.25)
    close(text.width("Design review", 17), 114.75)
  end,
  ["width: errors"] = function()
    raises(function() text.width("ab\xffcd", 15) end, "text.width: s is not valid UTF-8 (byte 3)")
    raises(function() text.width(nil, 15) end, "text.width: s must be a string, got nil")
    raises(function() text.width("a", 0) end, "text.width: fontSize must be a positive number, got 0")
    raises(function() text.width("a", "15") end, 'text.width: fontSize must be a positive number, got "15"')
  end,

  ["fits: island minimal takes 12m and 59m, not 1h 5m"] = function()
    eq(text.fits("12m", "islandMinimal"), true)
    eq(text.fits("59m", "islandMinimal"), true)
    eq(text.fits("1h 5m", "islandMinimal"), false)
    eq(text.fits("100m", "islandMinimal"), false)
  end,
  ["fits: the width decides, not the character count"] = function()
    eq(text.fits("15 min", "islandCompactLeading"), true)   -- 6 characters, 42 pt of 44.33
    eq(text.fits("Design", "islandCompactLeading"), false)  -- 6 characters, 47.25 pt
    eq(text.fits("1h 5m", "islandCompactTrailing"), true)
    eq(text.fits("MMMMM", "islandCompactTrailing"), false)  -- 5 wide characters
  end,
  ["fits: expanded leading takes Design review"] = function()
    eq(text.fits("Design review", "islandExpanded"), true)
    eq(text.fits("Design review", "islandExpanded", "leading"), true)
    eq(text.fits("Design review meeting", "islandExpanded", "trailing"), false)
    eq(text.fits(string.rep("a", 36), "islandExpanded", "bottom"), true)
    eq(text.fits(string.rep("a", 37), "islandExpanded", "bottom"), false)
  end,
  ["fits: lock screen body takes 40 average characters, not 41"] = function()
    eq(text.fits(string.rep("a", 40), "lockScreen", "body"), true)
    eq(text.fits(string.rep("a", 41), "lockScreen", "body"), false)
    eq(text.fits(string.rep("a", 40), "standBy", "body"), true)
  end,
  ["fits: the default slot is the title on the lock screen"] = function()
    eq(text.fits(string.rep("a", 30), "lockScreen"), true)
    eq(text.fits(string.rep("a", 31), "lockScreen"), false)
    eq(text.fits(string.rep("a", 31), "lockScreen", "body"), true)
  end,
  ["fits: android chip takes 7 characters"] = function()
    eq(text.fits("25h 10m", "androidOngoing", "chip"), true)
    eq(text.fits("aaaaaaa", "androidOngoing", "chip"), true)
    eq(text.fits("aaaaaaaa", "androidOngoing", "chip"), false)
    eq(text.fits(string.rep("a", 32), "androidOngoing", "text"), true)
    eq(text.fits(string.rep("a", 32), "androidOngoing"), false) -- default: the 17-pt title
  end,
  ["fits: watch smart stack takes 16 a line"] = function()
    eq(text.fits(string.rep("a", 16), "watchSmartStack"), true)
    eq(text.fits(string.rep("a", 17), "watchSmartStack"), false)
  end,
  ["fits: errors name the placement and suggest"] = function()
    raises(function() text.fits("12m", "islandMinmal") end, "text.fits: unknown placement 'islandMinmal' — did you mean islandMinimal?")
    raises(function() text.fits("12m", "lockScreen", "bdy") end, "text.fits: placement 'lockScreen' has no slot 'bdy' — did you mean body?")
    raises(function() text.fits(12, "lockScreen") end, "text.fits: s must be a string, got 12")
    raises(function() text.fits("12m") end, "text.fits: placement id must be a string, got nil")
  end,

  ["truncate: text that fits is returned as is"] = function()
    eq(text.truncate("Design review", 200, 15), "Design review")
    eq(text.truncate("", 0, 15), "")
    eq(text.truncate("abc ", 100, 15), "abc ")
  end,
  ["truncate: longest prefix plus ellipsis"] = function()
    eq(text.truncate("Design review", 60, 15), "Design…")   -- 47.25 + 8.25 = 55.5
    eq(text.truncate("Design review", 55, 15), "Desig…")
    local out = text.truncate("Design review", 100, 15)
    assert(text.width(out, 15) <= 100, "too wide: " .. out)
    eq(out, "Design revie…")
  end,
  ["truncate: trailing spaces are trimmed before the ellipsis"] = function()
    eq(text.truncate("Design review", 66, 15), "Design…")  -- "Design " would fit too
    eq(text.truncate("ab    cdefghijkl", 45, 15), "ab…")
  end,
  ["truncate: cuts on code point boundaries"] = function()
    eq(text.truncate("éééééé", 30, 15), "éé…")
    eq(text.truncate("日本語のテキスト", 40, 15), "日本語…")
  end,
  ["truncate: only the ellipsis when nothing fits"] = function()
    eq(text.truncate("Design", 10, 15), "…")
    eq(text.truncate("Design", 0, 15), "…")
    eq(text.truncate("  Design", 12, 15), "…")
  end,
  ["truncate: an exact fit counts as fitting"] = function()
    eq(text.truncate("12m", 24.75, 15), "12m")
    eq(text.truncate("aa", 16.5, 15), "aa")
  end,
  ["truncate: errors"] = function()
    raises(function() text.truncate("abc", -1, 15) end, "text.truncate: width must be a non-negative number, got -1")
    raises(function() text.truncate("abc", 10) end, "text.truncate: fontSize must be a positive number, got nil")
    raises(function() text.truncate({}, 10, 15) end, "text.truncate: s must be a string, got table")
    raises(function() text.truncate("\xe6\x97", 10, 15) end, "text.truncate: s is not valid UTF-8 (byte 1)")
  end,

  ["fit: the first rendering that fits and its index"] = function()
    local renderings = { "Design review", "Design rev…", "DR" }
    local t, i = text.fit("islandExpanded", renderings)
    eq(t, "Design review"); eq(i, 1)
    t, i = text.fit("islandCompactLeading", renderings)
    eq(t, "DR"); eq(i, 3)
    t, i = text.fit("lockScreen", { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "short" }, "body")
    eq(t, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"); eq(i, 1)
  end,
  ["fit: a middle rendering"] = function()
    local t, i = text.fit("islandMinimal", { "1h 5m", "1h05", "1h" })
    eq(t, "1h"); eq(i, 3)
    t, i = text.fit("islandCompactTrailing", { "1h 59m", "1h 5m", "1h" })
    eq(t, "1h 5m"); eq(i, 2)
  end,
  ["fit: none fits, the last is truncated"] = function()
    local t, i = text.fit("islandMinimal", { "Design review", "Design" })
    eq(t, "De…"); eq(i, 2)
    assert(text.fits(t, "islandMinimal"), "truncated text must fit: " .. t)
  end,
  ["fit: errors"] = function()
    raises(function() text.fit("islandMinimal", {}) end, "text.fit: renderings is empty")
    raises(function() text.fit("islandMinimal", "12m") end, 'text.fit: renderings must be a list of strings, got "12m"')
    raises(function() text.fit("islandMinimal", { "12m", 12 }) end, "text.fit: renderings[2] must be a string, got 12")
    raises(function() text.fit("islandMinimal", { "ok", "\xc3" }) end, "text.fit: renderings[2] is not valid UTF-8")
    raises(function() text.fit("lockscreen", { "a" }) end, "text.fit: unknown placement 'lockscreen' — did you mean lockScreen?")
    raises(function() text.fit("lockScreen", { "a" }, "bodyy") end, "text.fit: placement 'lockScreen' has no slot 'bodyy' — did you mean body?")
  end,
}
