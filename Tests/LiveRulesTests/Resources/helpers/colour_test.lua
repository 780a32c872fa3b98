-- Tests for liverules.colour: each function raises on failure.
local colour = require "liverules.colour"
local check = require "check"
local eq, close, raises = check.eq, check.close, check.raises("colour.lua")

return {
  ["parse: channels of #RRGGBB in either case"] = function()
    local r, g, b = colour.parse("#1A2B3C")
    eq(r, 26); eq(g, 43); eq(b, 60)
    r, g, b = colour.parse("#ff8000")
    eq(r, 255); eq(g, 128); eq(b, 0)
    eq(math.type(r), "integer")
    r, g, b = colour.parse("#aBcDeF")
    eq(r, 171); eq(g, 205); eq(b, 239)
  end,
  ["parse: nil and a reason for anything else"] = function()
    local r, reason = colour.parse(nil)
    eq(r, nil); eq(reason, 'expected "#RRGGBB", got nil')
    r, reason = colour.parse("#FFF")
    eq(r, nil); eq(reason, 'expected "#RRGGBB", got "#FFF"')
    r, reason = colour.parse("FFFFFF0")
    eq(r, nil); eq(reason, 'expected "#RRGGBB", got "FFFFFF0"')
    r, reason = colour.parse("#FFFFFFFF")
    eq(r, nil)
    r, reason = colour.parse("#12345G")
    eq(r, nil); eq(reason, "bad hex digit 'G' in \"#12345G\"")
    r, reason = colour.parse("# 12345")
    eq(r, nil); eq(reason, "bad hex digit ' ' in \"# 12345\"")
    eq((colour.parse("#-12345")), nil)
    eq((colour.parse(0xFFFFFF)), nil)
  end,
  ["valid"] = function()
    eq(colour.valid("#000000"), true)
    eq(colour.valid("#abcdef"), true)
    eq(colour.valid("#abcdeg"), false)
    eq(colour.valid("red"), false)
    eq(colour.valid(nil), false)
  end,
  ["format: uppercase, rounded, clamped"] = function()
    eq(colour.format(26, 43, 60), "#1A2B3C")
    eq(colour.format(255, 255, 255), "#FFFFFF")
    eq(colour.format(127.5, 12.4, 0.49), "#800C00")
    eq(colour.format(300, -20, 255.6), "#FF00FF")
    eq(colour.format(math.huge, -math.huge, 0), "#FF0000")
  end,
  ["format: round-trips parse"] = function()
    eq(colour.format(colour.parse("#a1b2c3")), "#A1B2C3")
  end,
  ["format: errors name the channel"] = function()
    raises(function() colour.format("12", 0, 0) end, 'colour.format: r must be a number, got "12"')
    raises(function() colour.format(0, nil, 0) end, "colour.format: g must be a number, got nil")
    raises(function() colour.format(0, 0, 0 / 0) end, "colour.format: b must be a number, got")
  end,

  ["luminance: black, white, grey and primaries"] = function()
    close(colour.luminance("#000000"), 0)
    close(colour.luminance("#FFFFFF"), 1)
    close(colour.luminance("#FF0000"), 0.2126)
    close(colour.luminance("#00FF00"), 0.7152)
    close(colour.luminance("#0000FF"), 0.0722)
    close(colour.luminance("#808080"), 0.2158605, 1e-6)
  end,
  ["luminance: the 0.04045 threshold"] = function()
    close(colour.luminance("#0A0A0A"), (10 / 255) / 12.92)                 -- 0.0392 <= 0.04045: linear
    close(colour.luminance("#0B0B0B"), ((11 / 255 + 0.055) / 1.055) ^ 2.4)  -- 0.0431 > 0.04045: curve
  end,
  ["luminance: error on a bad colour"] = function()
    raises(function() colour.luminance("#FFF") end, 'colour.luminance: hex is not a colour (expected "#RRGGBB", got "#FFF")')
  end,

  ["contrast: 21 for black on white, 1 for equal colours, either order"] = function()
    close(colour.contrast(colour.BLACK, colour.WHITE), 21)
    close(colour.contrast(colour.WHITE, colour.BLACK), 21)
    close(colour.contrast("#336699", "#336699"), 1)
  end,
  ["contrast: known pairs"] = function()
    close(colour.contrast("#FFFFFF", "#767676"), 4.54, 0.005)
    close(colour.contrast("#FFFFFF", "#777777"), 4.48, 0.005)
    close(colour.contrast("#FFFFFF", "#FF0000"), 4.00, 0.005)
    close(colour.contrast("#000000", "#0000FF"), 2.44, 0.005)
  end,
  ["contrast: errors name the argument"] = function()
    raises(function() colour.contrast("#FFFFFF", "white") end, 'colour.contrast: b is not a colour (expected "#RRGGBB", got "white")')
    raises(function() colour.contrast("#GGGGGG", "#FFFFFF") end, "colour.contrast: a is not a colour (bad hex digit 'G'")
  end,

  ["pick: the first candidate with enough contrast"] = function()
    local c, i = colour.pick("#FFFFFF", colour.TEXT_CONTRAST, "#FFCC00", "#777777", "#767676", "#000000")
    eq(c, "#767676"); eq(i, 3)
    c, i = colour.pick("#000000", colour.GRAPHICS_CONTRAST, "#34C759")
    eq(c, "#34C759"); eq(i, 1)
  end,
  ["pick: the minimum is inclusive"] = function()
    local c, i = colour.pick("#FFFFFF", 21, "#000000")
    eq(c, "#000000"); eq(i, 1)
    c, i = colour.pick("#FFFFFF", 1, "#FFFFFF")
    eq(c, "#FFFFFF"); eq(i, 1)
  end,
  ["pick: nil and invalid candidates are skipped, positions kept"] = function()
    local c, i = colour.pick("#FFFFFF", 4.5, nil, "not a colour", nil, "#000000")
    eq(c, "#000000"); eq(i, 4)
    c, i = colour.pick("#000000", 3, nil, "#fff", "#ffffff", nil)
    eq(c, "#ffffff"); eq(i, 3)
  end,
  ["pick: nil, nil when nothing qualifies"] = function()
    local c, i = colour.pick("#FFFFFF", 4.5, "#FFFF00", "#EEEEEE")
    eq(c, nil); eq(i, nil)
    eq(select("#", colour.pick("#FFFFFF", 4.5)), 2)
    c, i = colour.pick("#FFFFFF", 4.5, nil, nil)
    eq(c, nil); eq(i, nil)
  end,
  ["pick: errors for the background and the minimum"] = function()
    raises(function() colour.pick("#FFF", 4.5, "#000000") end, 'colour.pick: background is not a colour (expected "#RRGGBB", got "#FFF")')
    raises(function() colour.pick("#FFFFFF", "4.5", "#000000") end, 'colour.pick: minimum must be a number, got "4.5"')
    raises(function() colour.pick("#FFFFFF", nil) end, "colour.pick: minimum must be a number, got nil")
  end,

  ["night: red of the same luma"] = function()
    eq(colour.night("#FFFFFF"), "#FF0000")
    eq(colour.night("#000000"), "#000000")
    eq(colour.night("#FF0000"), "#360000")  -- 0.2126 * 255 = 54.2
    eq(colour.night("#00FF00"), "#B60000")  -- 0.7152 * 255 = 182.4
    eq(colour.night("#0000FF"), "#120000")  -- 0.0722 * 255 = 18.4
    eq(colour.night("#808080"), "#800000")
    eq(colour.night("#34c759"), "#A00000")  -- 11.1 + 142.3 + 6.4 = 159.8, rounded to 160
  end,
  ["night: error on a bad colour"] = function()
    raises(function() colour.night(nil) end, 'colour.night: hex is not a colour (expected "#RRGGBB", got nil)')
  end,
  ["constants"] = function()
    eq(colour.WHITE, "#FFFFFF"); eq(colour.BLACK, "#000000")
    eq(colour.GRAPHICS_CONTRAST, 3.0); eq(colour.TEXT_CONTRAST, 4.5)
    eq(colour.valid(colour.WHITE), true); eq(colour.valid(colour.BLACK), true)
  end,
}
