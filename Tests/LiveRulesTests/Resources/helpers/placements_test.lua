-- Tests for liverules.placements: each function raises on failure.
local placements = require "liverules.placements"
local text = require "liverules.text"
local check = require "check"
local eq, raises = check.eq, check.raises("placements.lua")

local SLOTS = {
  lockScreen = { "title", "body" },
  islandCompactLeading = { "main" },
  islandCompactTrailing = { "main" },
  islandMinimal = { "main" },
  islandExpanded = { "leading", "trailing", "center", "bottom" },
  standBy = { "title", "body" },
  watchSmartStack = { "main" },
  androidOngoing = { "title", "text", "progress", "chip" },
}

return {
  ["ids: the eight placements in their fixed order"] = function()
    local expected = { "lockScreen", "islandCompactLeading", "islandCompactTrailing", "islandMinimal",
      "islandExpanded", "standBy", "watchSmartStack", "androidOngoing" }
    eq(#placements.ids, 8)
    local seen = 0
    for i, id in ipairs(placements.ids) do
      eq(id, expected[i])
      seen = seen + 1
    end
    eq(seen, 8)
  end,
  ["every entry has its id, slots and the default slot's numbers"] = function()
    for _, id in ipairs(placements.ids) do
      local entry = placements[id]
      eq(entry.id, id)
      local names = SLOTS[id]
      eq(#entry.slotNames, #names)
      for i, name in ipairs(names) do eq(entry.slotNames[i], name) end
      local default = entry.slots[names[1]]
      eq(entry.width, default.width)
      eq(entry.lines, default.lines)
      eq(entry.fontSize, default.fontSize)
      eq(entry.chars, default.chars)
    end
  end,
  ["slots: widths, lines, font sizes and characters"] = function()
    local expected = {
      { "lockScreen", "title", 285, 1, 17, 30 }, { "lockScreen", "body", 335, 3, 15, 40 },
      { "islandCompactLeading", "main", 44.33, 1, 15, 5 }, { "islandCompactTrailing", "main", 44.33, 1, 15, 5 },
      { "islandMinimal", "main", 28.67, 1, 11, 4 },
      { "islandExpanded", "leading", 115, 2, 15, 13 }, { "islandExpanded", "trailing", 115, 2, 15, 13 },
      { "islandExpanded", "center", 117, 1, 15, 14 }, { "islandExpanded", "bottom", 339, 2, 17, 36 },
      { "standBy", "title", 285, 1, 17, 30 }, { "standBy", "body", 335, 3, 15, 40 },
      { "watchSmartStack", "main", 136, 2, 15, 16 },
      { "androidOngoing", "title", 268, 1, 17, 28 }, { "androidOngoing", "text", 268, 1, 15, 32 },
      { "androidOngoing", "progress", 268, 1, 15, 32 }, { "androidOngoing", "chip", 60, 1, 15, 7 },
    }
    for _, row in ipairs(expected) do
      local s = placements[row[1]].slots[row[2]]
      local where = row[1] .. "." .. row[2]
      assert(s.width == row[3], where .. ": width " .. s.width)
      assert(s.lines == row[4], where .. ": lines " .. s.lines)
      assert(s.fontSize == row[5], where .. ": fontSize " .. s.fontSize)
      assert(s.chars == row[6], where .. ": chars " .. s.chars)
    end
  end,
  ["chars is exactly what fits of average characters in width"] = function()
    for _, id in ipairs(placements.ids) do
      for _, name in ipairs(placements[id].slotNames) do
        local s = placements[id].slots[name]
        local fitting = text.width(string.rep("a", s.chars), s.fontSize)
        local over = text.width(string.rep("a", s.chars + 1), s.fontSize)
        assert(fitting <= s.width and over > s.width,
          id .. "." .. name .. ": " .. s.chars .. " chars are " .. fitting .. " pt, one more " .. over .. " pt, width " .. s.width)
      end
    end
  end,
  ["widths: each phone class, the narrower the layout's"] = function()
    eq(placements.lockScreen.slots.title.widths[393], 285)
    eq(placements.lockScreen.slots.title.widths[430], 322)
    eq(placements.lockScreen.widths[430], 322)
    eq(placements.islandCompactLeading.slots.main.widths[430], 54.33)
    eq(placements.islandExpanded.slots.bottom.widths[430], 376)
    eq(placements.islandMinimal.slots.main.widths[430], 28.67)
    for _, id in ipairs(placements.ids) do
      for _, name in ipairs(placements[id].slotNames) do
        local s = placements[id].slots[name]
        eq(s.widths[393], s.width)
        assert(s.widths[430] >= s.width, id .. "." .. name .. ": narrower on the larger class")
      end
    end
    raises(function() return placements.lockScreen.slots.title.widths[390] end,
      "placements.lockScreen.slots.title.widths: no phone class 390 (classes: 393, 430)")
    raises(function() placements.lockScreen.slots.title.widths[393] = 1 end, "is read-only")
  end,
  ["lead: Android's notification shows its first field on the title line"] = function()
    eq(placements.lead("androidOngoing"), "title")
    eq(placements.androidOngoing.slots.title.lead, true)
    eq(placements.androidOngoing.slots.text.lead, false)
    eq(placements.lead("lockScreen"), nil)
    eq(placements.lead("nowhere"), nil)
  end,
  ["standBy has the lock screen's budgets"] = function()
    for _, name in ipairs({ "title", "body" }) do
      local a, b = placements.lockScreen.slots[name], placements.standBy.slots[name]
      eq(a.width, b.width); eq(a.lines, b.lines); eq(a.fontSize, b.fontSize); eq(a.chars, b.chars)
    end
  end,
  ["an unknown placement suggests the closest id"] = function()
    raises(function() return placements.lockscreen end, "placements has no function or placement 'lockscreen' — did you mean lockScreen?")
    raises(function() return placements.islandMinmal end, "— did you mean islandMinimal?")
    raises(function() return placements.standby end, "— did you mean standBy?")
    raises(function() return placements.andriodOngoing end, "— did you mean androidOngoing?")
  end,
  ["a name far from every id is an error without a suggestion"] = function()
    local function message(f)
      local ok, m = pcall(f)
      assert(not ok, "expected an error")
      return (string.gsub(tostring(m), "^[^:]*:%d+: ", ""))
    end
    eq(message(function() return placements.compactTrailing end), "placements has no function or placement 'compactTrailing'")
    eq(message(function() return placements[1] end), "placements has no function or placement 1")
    eq(message(function() return placements.lockScreen.slots.headline end), "placements.lockScreen has no slot 'headline'")
    eq(select(2, placements.resolve("tv")), "unknown placement 'tv'")
  end,
  ["an unknown slot or field suggests the closest name"] = function()
    raises(function() return placements.lockScreen.slots.bdy end, "placements.lockScreen has no slot 'bdy' — did you mean body?")
    raises(function() return placements.islandExpanded.slots.botom end, "— did you mean bottom?")
    raises(function() return placements.lockScreen.widht end, "placements.lockScreen has no field 'widht' — did you mean width?")
    raises(function() return placements.islandMinimal.slots.main.char end, "— did you mean chars?")
  end,
  ["everything is read-only"] = function()
    raises(function() placements.lockScreen = {} end, "placements is read-only (cannot set lockScreen)")
    raises(function() placements.newPlace = {} end, "placements is read-only (cannot set newPlace)")
    raises(function() placements.lockScreen.width = 500 end, "placements.lockScreen is read-only (cannot set width)")
    raises(function() placements.lockScreen.slots.title.chars = 99 end, "placements.lockScreen.slots.title is read-only")
    raises(function() placements.lockScreen.slots.extra = {} end, "placements.lockScreen.slots is read-only")
    raises(function() placements.ids[9] = "tv" end, "placements.ids is read-only (cannot set 9)")
    raises(function() table.insert(placements.ids, "tv") end, "placements.ids is read-only")
    eq(getmetatable(placements), false)
    eq(tostring(placements.lockScreen.slots), "placements.lockScreen.slots")
    eq(placements.lockScreen.slots.title.chars, 30)
  end,
  ["pairs visits slots in sorted order"] = function()
    local names = {}
    for name in pairs(placements.islandExpanded.slots) do names[#names + 1] = name end
    eq(table.concat(names, ","), "bottom,center,leading,trailing")
  end,
  ["resolve: default and named slots"] = function()
    local s, name = placements.resolve("lockScreen")
    eq(name, "title"); eq(s.chars, 30)
    s, name = placements.resolve("islandExpanded", "bottom")
    eq(name, "bottom"); eq(s.chars, 36)
    s, name = placements.resolve("androidOngoing")
    eq(name, "title")
    eq(select(2, placements.resolve("islandExpanded")), "leading")
    eq(select(2, placements.resolve("watchSmartStack")), "main")
  end,
  ["resolve: nil and a reason instead of raising"] = function()
    local s, reason = placements.resolve("lockscreen")
    eq(s, nil); eq(reason, "unknown placement 'lockscreen' — did you mean lockScreen?")
    s, reason = placements.resolve("standBy", "tilte")
    eq(s, nil); eq(reason, "placement 'standBy' has no slot 'tilte' — did you mean title?")
    s, reason = placements.resolve(nil)
    eq(s, nil); eq(reason, "placement id must be a string, got nil")
    s, reason = placements.resolve("standBy", 2)
    eq(s, nil); eq(reason, "slot must be a string, got 2")
  end,
}
