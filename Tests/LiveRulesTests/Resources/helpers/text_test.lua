-- Tests for liverules.text: each function raises on failure.
local text = require "liverules.text"
local check = require "check"
local eq, close, raises = check.eq, check.close, check.raises("text.lua")

-- man, woman, girl, boy joined by zero-width joiners: one cluster.
local FAMILY = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"

return {
  ["width: advances per character class"] = function()
    close(text.width("i", 10), 3)        -- narrow
    close(text.width(" ", 10), 3)
    close(text.width("M", 10), 8)        -- wide
    close(text.width("@", 10), 8)
    close(text.width("A", 10), 6.5)      -- uppercase
    close(text.width("a", 10), 5.5)      -- everything else
    close(text.width("7", 10), 5.5)      -- every digit alike, "1" too
    close(text.width("1", 10), 5.5)
    close(text.width("é", 10), 5.5)      -- non-ASCII counts per code point, not per byte
    close(text.width("…", 10), 8)        -- wide, as the fonts draw it
    close(text.width("日本", 10), 20)    -- CJK ideographs are wide
  end,
  ["width: whole grapheme clusters, wide scripts and emoji at 1 em"] = function()
    close(text.width("カタ", 10), 20)                      -- kana
    close(text.width("한국", 10), 20)                      -- hangul
    close(text.width("Ａ", 10), 10)                        -- fullwidth form
    close(text.width("\u{1F1E9}\u{1F1EA}", 10), 10)        -- a flag: two regional indicators
    close(text.width(FAMILY, 10), 10)                      -- four people joined by ZWJ
    close(text.width("\u{1F44D}\u{1F3FD}", 10), 10)        -- a thumb with a skin tone
    close(text.width("1\u{FE0F}\u{20E3}", 10), 10)         -- a keycap
    close(text.width("\u{2764}\u{FE0F}", 10), 10)          -- a heart asked to look like emoji
    close(text.width("⚽ 12'", 10), 10 + 3 + 5.5 + 5.5 + 3)
    close(text.width("e\u{301}", 10), 5.5)                 -- a combining accent adds nothing
    close(text.width("\u{200B}", 10), 0)                   -- a zero-width space
    close(text.width("●", 10), 5.5)                         -- symbols are not emoji
    close(text.width("a\r\nb", 10), 5.5 + 5.5 + 5.5)        -- CR LF is one cluster
  end,
  ["width: sums and scales with the font size"] = function()
    close(text.width("", 15), 0)
    close(text.width("12m", 15), 28.5)
    close(text.width("Design review", 15), 101.25)
    close(text.width("Design review", 17), 114.75)
  end,
  ["width: errors"] = function()
    raises(function() text.width("ab\xffcd", 15) end, "text.width: s is not valid UTF-8 (byte 3)")
    raises(function() text.width(nil, 15) end, "text.width: s must be a string, got nil")
    raises(function() text.width("a", 0) end, "text.width: fontSize must be a positive number, got 0")
    raises(function() text.width("a", "15") end, 'text.width: fontSize must be a positive number, got "15"')
  end,

  ["fits: measures on either phone class"] = function()
    -- The lock screen title is 285 pt on the 393 class and 322 pt on the 430 class: at 17 pt,
    -- 32 average characters (299.2 pt) fit only on the wider one.
    local title = string.rep("a", 32)
    eq(text.fits(title, "lockScreen", "title"), false)
    eq(text.fits(title, "lockScreen", "title", 393), false)
    eq(text.fits(title, "lockScreen", "title", 430), true)
    local ok, message = pcall(text.fits, title, "lockScreen", "title", 400)
    eq(ok, false)
    assert(message:find("no phone class 400", 1, true), message)
  end,

  ["fits: island minimal takes 59m and a clock, not 1h 5m"] = function()
    eq(text.fits("12m", "islandMinimal"), true)
    eq(text.fits("59m", "islandMinimal"), true)
    eq(text.fits("10:30", "islandMinimal"), true)     -- 27.5 pt of 28.67 at 11 pt
    eq(text.fits("1h 5m", "islandMinimal"), false)    -- 30.25 pt
    eq(text.fits("1:00:00", "islandMinimal"), false)
    eq(text.fits("1000m", "islandMinimal"), false)
  end,
  ["fits: the width decides, not the character count"] = function()
    eq(text.fits("list it", "islandCompactLeading"), true)  -- 7 characters, 42.75 pt of 44.33
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
    eq(text.truncate("Design review", 60, 15), "Design…")   -- 47.25 + 12 = 59.25
    eq(text.truncate("Design review", 55, 15), "Desig…")
    local out = text.truncate("Design review", 100, 15)
    assert(text.width(out, 15) <= 100, "too wide: " .. out)
    eq(out, "Design revi…")
  end,
  ["truncate: trailing spaces are trimmed before the ellipsis"] = function()
    eq(text.truncate("Design review", 66, 15), "Design…")  -- "Design " would fit too
    eq(text.truncate("ab    cdefghijkl", 45, 15), "ab…")
  end,
  ["truncate: cuts between grapheme clusters"] = function()
    eq(text.truncate("éééééé", 30, 15), "éé…")
    eq(text.truncate("e\u{301}e\u{301}e\u{301}", 14, 10), "e\u{301}…")  -- the accent stays on its letter
    eq(text.truncate("日本語のテキスト", 42, 15), "日本…")           -- 2 × 15 + 12
    eq(text.truncate("\u{1F1E9}\u{1F1EA}\u{1F1EB}\u{1F1F7}\u{1F1EE}\u{1F1F9}", 25, 10),
       "\u{1F1E9}\u{1F1EA}…")                                         -- never half a flag
    eq(text.truncate("ab" .. FAMILY, 20, 10), "ab…")                 -- never part of a family
    eq(text.truncate(FAMILY .. FAMILY .. FAMILY, 25, 10), FAMILY .. "…")
    eq(text.truncate("Hi \u{1F44D}\u{1F3FD}\u{1F44D}\u{1F3FD}", 31, 10), "Hi \u{1F44D}\u{1F3FD}…")
    eq(text.truncate("Go \u{1F44D}\u{1F3FD}", 20, 10), "Go…")        -- not the thumb without its tone
    eq(text.truncate("Standup\u{3000}\u{3000}today", 66, 10), "Standup…")  -- wide spaces trimmed too
  end,
  ["truncate: never ends in a lone joiner"] = function()
    for width = 0, 60 do
      local cut = text.truncate("Team " .. FAMILY .. " day " .. FAMILY, width, 10)
      assert(not cut:find("\u{200D}…", 1, true), "ends in a joiner: " .. cut)
      local kept = cut:sub(1, -4)
      eq(text.length(kept .. "x") - 1, text.length(kept))             -- whole clusters only
    end
  end,
  ["truncate: only the ellipsis when nothing fits"] = function()
    eq(text.truncate("Design", 10, 15), "…")
    eq(text.truncate("Design", 0, 15), "…")
    eq(text.truncate("  Design", 12, 15), "…")
  end,
  ["truncate: an exact fit counts as fitting"] = function()
    eq(text.truncate("12m", 28.5, 15), "12m")
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
    eq(t, "1h05"); eq(i, 2)
    t, i = text.fit("islandCompactTrailing", { "1h 59m", "1h 5m", "1h" })
    eq(t, "1h 5m"); eq(i, 2)
  end,
  ["fit: none fits, the last is truncated"] = function()
    local t, i = text.fit("islandMinimal", { "Design review", "Design" })
    eq(t, "Des…"); eq(i, 2)
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

  ["value: empty and blank read as missing, the rest trimmed"] = function()
    eq(text.value(nil), nil)
    eq(text.value(""), nil)
    eq(text.value("   "), nil)
    eq(text.value(" \t\r\n "), nil)
    eq(text.value("\u{A0}\u{3000}\u{2028}"), nil)   -- no-break, ideographic and line separator
    eq(text.value("\u{200B}\u{FEFF}"), nil)          -- invisible: zero-width space, BOM
    eq(text.value("Sam"), "Sam")
    eq(text.value("  Sam  "), "Sam")
    eq(text.value("\tSam Lee\n"), "Sam Lee")
    eq(text.value("Sam   Lee"), "Sam   Lee")          -- inside is kept as typed
    eq(text.value("\u{A0}Café\u{3000}"), "Café")
    eq(text.value(" " .. FAMILY .. " "), FAMILY)     -- the joiners are inside the cluster
  end,
  ["value: errors"] = function()
    raises(function() text.value(12) end, "text.value: s must be a string, got 12")
    raises(function() text.value("\xff") end, "text.value: s is not valid UTF-8 (byte 1)")
  end,
  ["line: one line, whitespace runs made one space"] = function()
    eq(text.line(nil), nil)
    eq(text.line(""), nil)
    eq(text.line(" \n\t "), nil)
    eq(text.line("   Standup   "), "Standup")
    eq(text.line("Design\treview\n\nRoom  4"), "Design review Room 4")
    eq(text.line("\r\nStandup\r\n"), "Standup")
    eq(text.line("Café\u{2028}Berlin\u{A0}\u{A0}Mitte"), "Café Berlin Mitte")
    eq(text.line("\u{1F1E9}\u{1F1EA}\tTeam"), "\u{1F1E9}\u{1F1EA} Team")
    raises(function() text.line({}) end, "text.line: s must be a string, got table")
  end,
  ["length: grapheme clusters"] = function()
    eq(text.length(""), 0)
    eq(text.length("Design"), 6)
    eq(text.length("e\u{301}te\u{301}"), 3)
    eq(text.length("\u{1F1E9}\u{1F1EA}\u{1F1EB}\u{1F1F7}"), 2)
    eq(text.length(FAMILY), 1)
    eq(text.length("a\r\nb"), 3)
    eq(text.length("日本語"), 3)
  end,
  ["initials: the first cluster of up to three words, upper-cased"] = function()
    eq(text.initials("Design review"), "DR")
    eq(text.initials("quarterly planning with finance"), "QPW")
    eq(text.initials("quarterly planning with finance", 2), "QP")
    eq(text.initials("  1:1   with Sam "), "1WS")
    eq(text.initials("élan vital"), "ÉV")
    eq(text.initials("e\u{301}lan"), "E\u{301}")
    eq(text.initials("\u{1F1E9}\u{1F1EA} team sync"), "\u{1F1E9}\u{1F1EA}TS")
    eq(text.initials(FAMILY .. " day"), FAMILY .. "D")
    eq(text.initials("日本 チーム"), "日チ")
    eq(text.initials("   "), "")
    raises(function() text.initials("a", 1.5) end, "text.initials: count must be a non-negative integer, got 1.5")
  end,
  ["names: the whole name, then first name and initial, then first name"] = function()
    local forms = text.names("Maximilian-Alexander von Hohenberg")
    eq(#forms, 3)
    eq(forms[1], "Maximilian-Alexander von Hohenberg")
    eq(forms[2], "Maximilian-Alexander H.")
    eq(forms[3], "Maximilian-Alexander")
    forms = text.names("  Sam\n Lee ")
    eq(#forms, 3); eq(forms[1], "Sam Lee"); eq(forms[2], "Sam L."); eq(forms[3], "Sam")
    forms = text.names("Sam L")                    -- "Sam L." would be no shorter
    eq(#forms, 2); eq(forms[1], "Sam L"); eq(forms[2], "Sam")
    forms = text.names("Sam")
    eq(#forms, 1); eq(forms[1], "Sam")
    forms = text.names("Zoë  Ångström")
    eq(#forms, 3); eq(forms[1], "Zoë Ångström"); eq(forms[2], "Zoë Å."); eq(forms[3], "Zoë")
    forms = text.names("\u{1F1E9}\u{1F1EA} Team Berlin")   -- a flag is one cluster
    eq(forms[2], "\u{1F1E9}\u{1F1EA} B.")
    forms = text.names("Heung-min Son \u{1F1F0}\u{1F1F7}")   -- an emoji is no initial
    eq(#forms, 3); eq(forms[2], "Heung-min S."); eq(forms[3], "Heung-min")
    forms = text.names("Sam \u{1F6F5}")
    eq(#forms, 2); eq(forms[2], "Sam")
    eq(#text.names(""), 0)
    eq(#text.names(" \t "), 0)
    eq(#text.names(nil), 0)
    raises(function() text.names(7) end, "text.names: name must be a string, got 7")
  end,
  ["names, value, line: remembered, and the same every time"] = function()
    local first = text.names("Sam Lee")
    first[1] = "changed"                          -- a copy: the next call is not affected
    eq(text.names("Sam Lee")[1], "Sam Lee")
    for _ = 1, 2 do
      eq(text.value(" x "), "x"); eq(text.value("  "), nil)
      eq(text.line(" a\nb "), "a b"); eq(text.line("\t"), nil)
    end
    raises(function() text.line("\xff") end, "text.line: s is not valid UTF-8 (byte 1)")
    for i = 1, 1100 do eq(text.value(" " .. i), tostring(i)) end   -- past the 1024 kept
    eq(text.value(" 1 "), "1")
  end,
  ["shorten: a name is shortened before it is dropped"] = function()
    local name = "Maximilian-Alexander von Hohenberg"
    eq(text.shorten(name, 400, 15), name)
    eq(text.shorten(name, 180, 15), "Maximilian-Alexander H.")
    eq(text.shorten(name, 160, 15), "Maximilian-Alexander")
    eq(text.shorten(name, 60, 15), "Maxim…")           -- 57 pt
    eq(text.shorten(name, 24, 15), "M…")               -- 24 pt
    eq(text.shorten(name, 23, 15), nil)            -- not even "M…"
    eq(text.shorten("", 100, 15), nil)
    eq(text.shorten("   ", 100, 15), nil)
    eq(text.shorten(nil, 100, 15), nil)
    eq(text.shorten("\u{1F1E9}\u{1F1EA}\u{1F1EB}\u{1F1F7}\u{1F1EE}\u{1F1F9}", 25, 10), "\u{1F1E9}\u{1F1EA}…")
    raises(function() text.shorten(name, -1, 15) end, "text.shorten: width must be a non-negative number, got -1")
    raises(function() text.shorten(name, 10, 0) end, "text.shorten: fontSize must be a positive number, got 0")
  end,
}
