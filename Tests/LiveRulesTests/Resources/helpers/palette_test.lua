-- Tests for liverules.palette: each function raises on failure.
local palette = require "liverules.palette"
local check = require "check"
local eq, raises = check.eq, check.raises("palette.lua")

return {
  ["accented: a readable preferred colour is the accent, with no fallback"] = function()
    local p = palette.accented { preferred = "#5856D6", fallbacks = { "#0A84FF" }, label = "calendar colour" }
    eq(p.light.accent, "#5856D6")
    eq(p.light.fallback, nil)
    eq(p.dark.accent, "#5856D6")
    eq(p.light.background, "#FFFFFF")
    eq(p.dark.background, "#000000")
  end,
  ["accented: too little contrast falls back, saying why"] = function()
    local p = palette.accented { preferred = "#1C1C1E", fallbacks = { "#0A84FF", "#8E8E93" }, label = "calendar colour" }
    eq(p.light.accent, "#1C1C1E")
    eq(p.dark.accent, "#0A84FF")
    eq(p.dark.fallback, "calendar colour #1C1C1E has 1.2:1 contrast on #000000 (needs 3:1)")
  end,
  ["accented: night mode judges the tinted colours and falls back to the red foreground"] = function()
    local p = palette.accented { preferred = "#FF9500", fallbacks = { "#0A84FF" }, label = "team colour" }
    eq(p.standByNight.foreground, "#FF0000")
    eq(p.standByNight.accent, "#FF0000")
    eq(p.standByNight.fallback, "team colour #FF9500 has 2.5:1 contrast on #000000 (needs 3:1)")
  end,
  ["accented: a missing preferred colour gives the missing reason, or none"] = function()
    eq(palette.accented({ fallbacks = { "#0A84FF" }, missing = "no store colour" }).light.fallback, "no store colour")
    local quiet = palette.accented { fallbacks = { "#0A84FF" } }
    eq(quiet.light.accent, "#0A84FF")
    eq(quiet.light.fallback, nil)
  end,
  ["accented: no fallbacks leaves the foreground"] = function()
    eq(palette.accented({ preferred = "#FFFFFF" }).light.accent, "#000000")
  end,
  ["fixed: the same accent everywhere, no fallback"] = function()
    local p = palette.fixed "#34C759"
    eq(p.light.accent, "#34C759")
    eq(p.dark.accent, "#34C759")
    eq(p.standByNight.accent, "#34C759")
    eq(p.standByNight.fallback, nil)
    eq(p.standByNight.foreground, "#FF0000")
  end,
  ["errors name the function and the bad value"] = function()
    raises(function() palette.accented "blue" end, 'palette.accented: expected a table, got "blue"')
    raises(function() palette.accented { preferred = "blue" } end, 'preferred must be a colour #RRGGBB or nil, got "blue"')
    raises(function() palette.accented { fallbacks = { "#12345" } } end, 'fallbacks[1] must be a colour #RRGGBB, got "#12345"')
    raises(function() palette.fixed "green" end, 'palette.fixed: expected a colour #RRGGBB, got "green"')
    raises(function() palette.fixed(true) end, "palette.fixed: expected a colour #RRGGBB, got true")
  end,
  ["the result is the caller's own table"] = function()
    local p = palette.accented { fallbacks = { "#0A84FF" } }
    p.light.accent = "#000001"
    eq(palette.accented({ fallbacks = { "#0A84FF" } }).light.accent, "#0A84FF")
  end,
  ["every appearance is present"] = function()
    local count = 0
    for _ in pairs(palette.accented { fallbacks = { "#0A84FF" } }) do count = count + 1 end
    eq(count, 3)
  end,
  ["a fallback that is also unreadable is skipped"] = function()
    local p = palette.accented { preferred = "#FFFFFF", fallbacks = { "#FFFF00", "#8E8E93" }, label = "colour" }
    eq(p.light.accent, "#8E8E93")
  end,
}
