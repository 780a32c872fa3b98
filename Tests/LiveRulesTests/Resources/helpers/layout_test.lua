-- Tests for liverules.layout: each function raises on failure.
local layout = require "liverules.layout"
local placements = require "liverules.placements"
local check = require "check"
local eq, raises = check.eq, check.raises("layout.lua")

-- "id=text,id=text|dropped,dropped" for a placed layout.
local function show(placed)
  local shown = {}
  for _, field in ipairs(placed.fields) do shown[#shown + 1] = field.id .. "=" .. field.text end
  return table.concat(shown, ",") .. "|" .. table.concat(placed.dropped, ",")
end

return {
  ["place: fields that fit keep their order"] = function()
    eq(show(layout.place("lockScreen", {
      { id = "title", text = "Design review" },
      { id = "remaining", text = "25 min left", slot = "body" },
    })), "title=Design review,remaining=25 min left|")
  end,
  ["place: a glyph is kept and takes nothing of the text's width"] = function()
    -- "12:11" is 27.5 pt of the minimal view's 28.67 ("12–11" is 30.25): the dot beside it is
    -- drawn outside them.
    local placed = layout.place("islandMinimal", { { id = "score", text = { "12–11", "12:11" }, glyph = "dot" } })
    eq(show(placed), "score=12:11|")
    eq(placed.fields[1].glyph, "dot")
    eq(layout.place("islandMinimal", { { id = "score", text = "2–1" } }).fields[1].glyph, nil)
    raises(function() layout.place("islandMinimal", { { id = "score", text = "2–1", glyph = true } }) end,
      "field 1 ('score'): glyph must be a string such as \"dot\", got true")
  end,
  ["place: each field says the slot it was measured on"] = function()
    local placed = layout.place("lockScreen", {
      { id = "title", text = "Design review" }, { id = "remaining", text = "25 min left", slot = "body" } })
    eq(placed.fields[1].slot, "title")
    eq(placed.fields[2].slot, "body")
  end,
  ["place: Android's first field is measured on the title line whatever slot is named"] = function()
    -- 31 average characters: 255.75 pt on the 15-pt text line (268), 289.85 on the 17-pt title.
    local long = string.rep("a", 31)
    local placed = layout.place("androidOngoing", {
      { id = "title", text = { long, "Short" }, slot = "text" }, { id = "step", text = long, slot = "text" } })
    eq(show(placed), "title=Short,step=" .. long .. "|")
    eq(placed.fields[1].slot, "title")
    eq(placed.fields[2].slot, "text")
    -- When the first wanted field is dropped, the next one shown leads.
    placed = layout.place("androidOngoing", {
      { id = "title", text = string.rep("a", 40), slot = "text" }, { id = "step", text = { long, "Step" }, slot = "text" } })
    eq(show(placed), "step=Step|title")
  end,
  ["place: a live form is kept as given; its text alone is measured"] = function()
    local remaining = { text = "9:59", live = { timer = { date = 1000, counts = "down", style = "clock" } } }
    local placed = layout.place("islandCompactTrailing", {
      { id = "remaining", text = remaining.text, live = remaining.live }, { id = "title", text = "x" } })
    eq(show(placed), "remaining=9:59|title")
    eq(placed.fields[1].live, remaining.live)
    eq(layout.place("islandMinimal", { { id = "score", text = "2–1" } }).fields[1].live, nil)
    raises(function() layout.place("islandMinimal", { { id = "remaining", text = "9:59", live = "9:59" } }) end,
      "field 1 ('remaining'): live must be a table such as time.countdown(...).live, got \"9:59\"")
  end,
  ["wanted: live forms by id"] = function()
    local live = { progress = { start = 0, finish = 600 } }
    local wanted = layout.wanted({ "progress", "title" }, function(id) return id end, nil, nil, nil,
      function(id) return id == "progress" and live or nil end)
    eq(wanted[1].live, live); eq(wanted[2].live, nil)
    raises(function() layout.wanted({ "score" }, function() return "x" end, nil, nil, nil, live) end,
      "layout.wanted: live_of must be a function")
  end,
  ["wanted: glyphs by id"] = function()
    local wanted = layout.wanted({ "score", "clock" }, function(id) return id end, nil, nil,
      function(id) return id == "score" and "dot" or nil end)
    eq(wanted[1].glyph, "dot"); eq(wanted[2].glyph, nil)
    raises(function() layout.wanted({ "score" }, function() return "x" end, nil, nil, "dot") end,
      "layout.wanted: glyph_of must be a function")
  end,
  ["place: the first rendering that fits wins"] = function()
    eq(show(layout.place("islandMinimal", { { id = "remaining", text = { "12 min left", "12 min", "12m" } } })),
       "remaining=12m|")
  end,
  ["place: a field with no fitting rendering is dropped"] = function()
    eq(show(layout.place("islandMinimal", { { id = "title", text = "Design review" } })), "|title")
  end,
  ["place: shorten tries the last full rendering with an ellipsis before the abbreviation"] = function()
    eq(show(layout.place("islandExpanded", { { id = "title", text = { "Next: Quarterly planning", "Quarterly planning", "QP" }, shorten = 6 } })),
       "title=Quarterly pla…|")
    eq(show(layout.place("islandExpanded", { { id = "title", text = { "Next: Design review", "Design review", "DR" }, shorten = 6 } })),
       "title=Design review|")
  end,
  ["place: a single rendering is tried shortened, and dropped when too little is left"] = function()
    eq(show(layout.place("islandExpanded", { { id = "location", text = "Board room on the seventh floor", shorten = 6 } })),
       "location=Board room o…|")
    eq(show(layout.place("islandMinimal", { { id = "location", text = "Board room", shorten = 6 } })), "|location")
  end,
  ["place: shorten with two renderings shortens the first"] = function()
    eq(show(layout.place("islandExpanded", { { id = "title", text = { "Quarterly planning with finance", "QPW" }, shorten = 6 } })),
       "title=Quarterly pla…|")
  end,
  ["place: shorten falls back to the next rendering when too little would be left"] = function()
    eq(show(layout.place("islandCompactLeading", { { id = "title", text = { "Design review", "DR" }, shorten = 6 } })),
       "title=DR|")
  end,
  ["place: a rendering already shown is passed over, and a field left with none is dropped"] = function()
    eq(show(layout.place("lockScreen", {
      { id = "badge", text = "On the way", slot = "body" },
      { id = "step", text = { "Bartholomew-Maximilian von Hohenzollern is on the way", "On the way" }, slot = "body" },
      { id = "eta", text = { "Arrives in 6 min", "On the way" }, slot = "body" },
    })), "badge=On the way,eta=Arrives in 6 min|step")
    eq(show(layout.place("islandMinimal", {
      { id = "remaining", text = { "12m" } },
      { id = "nextCountdown", text = { "12m" } },
    })), "remaining=12m|nextCountdown")
  end,
  ["place: a text is compared whole, in every slot"] = function()
    eq(show(layout.place("lockScreen", {
      { id = "title", text = "Team sync", slot = "title" },
      { id = "nextTitle", text = { "Team sync", "TS" }, slot = "body" },
    })), "title=Team sync,nextTitle=TS|")
  end,
  ["place: shorten tries earlier renderings shortened when the last full one's shortening is shown"] = function()
    eq(show(layout.place("islandExpanded", {
      { id = "title", text = { "Team sync", "TS" }, shorten = 6 },
      { id = "nextTitle", text = { "Next: Team sync", "Team sync", "TS" }, shorten = 6 },
    })), "title=Team sync,nextTitle=Next: Team sy…|")
    eq(show(layout.place("islandExpanded", {
      { id = "title", text = { "Quarterly planning with finance", "QPWF" }, shorten = 6 },
      { id = "nextTitle", text = { "Next: Quarterly planning with legal", "Quarterly planning with legal", "QPWL" },
        shorten = 6 },
    })), "title=Quarterly pla…,nextTitle=Next: Quarter…|")
  end,
  ["place: a single rendering whose shortening is shown is dropped"] = function()
    eq(show(layout.place("islandExpanded", {
      { id = "title", text = "Quarterly planning with finance", shorten = 6 },
      { id = "nextTitle", text = "Quarterly planning with legal", shorten = 6 },
    })), "title=Quarterly pla…|nextTitle")
  end,
  ["place: shorten must be a whole number"] = function()
    raises(function() layout.place("lockScreen", { { id = "title", text = "x", shorten = true } }) end,
           "shorten must be a whole number")
  end,
  ["place: an unknown slot is an error naming the field"] = function()
    raises(function() layout.place("lockScreen", { { id = "title", text = "x", slot = "bdy" } }) end,
           "field 1 ('title'): placement 'lockScreen' has no slot 'bdy'")
  end,
  ["place: fields beyond the placement's capacity are dropped"] = function()
    eq(show(layout.place("islandMinimal", {
      { id = "remaining", text = "5m" },
      { id = "countdown", text = "9m" },
    })), "remaining=5m|countdown")
  end,
  ["place: a dropped field does not use up capacity"] = function()
    eq(show(layout.place("islandMinimal", {
      { id = "title", text = "Design review" },
      { id = "remaining", text = "5m" },
    })), "remaining=5m|title")
  end,
  ["place: slots are measured separately"] = function()
    local long = string.rep("a", 35)
    eq(#layout.place("lockScreen", { { id = "x", text = long } }).fields, 0)
    eq(#layout.place("lockScreen", { { id = "x", text = long, slot = "body" } }).fields, 1)
  end,
  ["place: an empty wish list gives an empty layout"] = function()
    eq(show(layout.place("watchSmartStack", {})), "|")
  end,
  ["place: an unknown placement is an error with a suggestion"] = function()
    raises(function() layout.place("lockscreen", {}) end, "layout.place: unknown placement")
    raises(function() layout.place("lockscreen", {}) end, "lockScreen")
  end,
  ["place: malformed fields are errors naming their position"] = function()
    raises(function() layout.place("lockScreen", { "title" }) end, "layout.place: field 1 must be a table with an id")
    raises(function() layout.place("lockScreen", { { id = "title" } }) end, "field 1 ('title'): text must be")
    raises(function() layout.place("lockScreen", { { id = "title", text = {} } }) end, "non-empty list of strings")
    raises(function() layout.place("lockScreen", "title") end, "wanted must be a list of fields")
  end,
  ["capacity: one field in the compact and minimal island"] = function()
    eq(layout.capacity.islandMinimal, 1)
    eq(layout.capacity.islandCompactLeading, 1)
    eq(layout.capacity.islandCompactTrailing, 1)
    eq(layout.capacity.watchSmartStack, 3)
  end,
  ["capacity: read-only, and unknown placements are errors"] = function()
    raises(function() layout.capacity.lockScreen = 99 end, "layout.capacity is read-only (cannot set lockScreen)")
    raises(function() return layout.capacity.nowhere end, "layout.capacity: unknown placement 'nowhere'")
    raises(function() return layout.capacity.lockscreen end, "layout.capacity: unknown placement 'lockscreen' — did you mean lockScreen?")
    raises(function() return layout.capacity[3] end, "layout.capacity: placement id must be a string, got 3")
  end,
  ["wanted: fields with text, in order, with their slots and shortening"] = function()
    local texts = { title = "Design review", remaining = { "12 min", "12m" } }
    local wanted = layout.wanted({ "title", "location", "remaining" },
      function(id) return texts[id] end,
      function(id) return id == "title" and "title" or "body" end,
      { title = 6 })
    eq(#wanted, 2)
    eq(wanted[1].id, "title"); eq(wanted[1].text, "Design review"); eq(wanted[1].slot, "title"); eq(wanted[1].shorten, 6)
    eq(wanted[2].id, "remaining"); eq(wanted[2].text[2], "12m"); eq(wanted[2].slot, "body"); eq(wanted[2].shorten, nil)
    eq(show(layout.place("lockScreen", wanted)), "title=Design review,remaining=12 min|")
  end,
  ["wanted: slots and shortening are optional"] = function()
    local wanted = layout.wanted({ "badge" }, function() return "Next up" end)
    eq(#wanted, 1)
    eq(wanted[1].slot, nil)
    eq(wanted[1].shorten, nil)
  end,
  ["wanted: rejects bad arguments"] = function()
    local text_of = function() return "x" end
    raises(function() layout.wanted("title", text_of) end, "layout.wanted: ids must be a list of field ids, got \"title\"")
    raises(function() layout.wanted(5, text_of) end, "layout.wanted: ids must be a list of field ids, got 5")
    raises(function() layout.wanted({ "title" }, { title = "x" }) end, "layout.wanted: text_of must be a function")
    raises(function() layout.wanted({ "title" }, text_of, "title") end, "layout.wanted: slot_of must be a function")
    raises(function() layout.wanted({ "title" }, text_of, nil, 6) end, "layout.wanted: shorten must be a table")
  end,
  ["each: one layout per placement"] = function()
    local seen = {}
    local all = layout.each(function(id)
      seen[#seen + 1] = id
      return { { id = "badge", text = "Next up" } }
    end)
    eq(#seen, #placements.ids)
    for _, id in ipairs(placements.ids) do
      assert(all[id] ~= nil, "no layout for " .. id)
    end
  end,
  ["each: needs a function"] = function()
    raises(function() layout.each({}) end, "layout.each: expected a function")
  end,
}
