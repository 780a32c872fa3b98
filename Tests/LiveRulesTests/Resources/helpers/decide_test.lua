-- Tests for liverules.decide: each function raises on failure.
local decide = require "liverules.decide"
local check = require "check"
local eq, raises = check.eq, check.raises("decide.lua")

local ROWS = {
  { when = { phase = { "progress", "combo" }, last = true }, text = "Last in progress", tone = "green" },
  { when = { phase = { "progress", "combo" } }, text = "In progress", tone = "green" },
  { when = { phase = "done" }, text = "", tone = "neutral" },
  { when = { first = true }, text = "First up", tone = "neutral" },
  { text = "Next up", tone = "neutral" },
}
local badge = decide.first(ROWS)

-- A read-only view of `t`, like the tables the host passes in.
local function readonly(t)
  return setmetatable({}, {
    __index = t,
    __newindex = function() error("read-only", 2) end,
    __len = function() return #t end,
  })
end

return {
  ["first: the badge table, row by row"] = function()
    eq(badge { phase = "progress", last = true }, ROWS[1])
    eq(badge { phase = "combo", last = true }, ROWS[1])
    eq(badge { phase = "combo", last = false }, ROWS[2])
    eq(badge { phase = "done", first = true }, ROWS[3])
    eq(badge { phase = "countdown", first = true, last = false }, ROWS[4])
    eq(badge { phase = "upcoming", first = false }, ROWS[5])
    eq(badge { phase = "countdown", first = true }.text, "First up")
  end,
  ["first: nil when no row matches"] = function()
    local pick = decide.first { { when = { a = 1 } }, { when = { b = 2 } } }
    eq(pick { a = 2, b = 1 }, nil)
    eq(decide.first {} { a = 1 }, nil)
  end,
  ["first: a row without when always matches"] = function()
    local row = { text = "always" }
    eq(decide.first { row } {}, row)
  end,
  ["first: all keys must match"] = function()
    local pick = decide.first { { when = { a = 1, b = 2, c = 3 }, text = "all" } }
    eq(pick { a = 1, b = 2, c = 3 }, pick { a = 1, b = 2, c = 3, d = 4 })
    eq(pick { a = 1, b = 2, c = 3 }.text, "all")
    eq(pick { a = 1, b = 2 }, nil)
    eq(pick { a = 1, b = 2, c = 4 }, nil)
  end,
  ["matching: plain equality is exact"] = function()
    local pick = decide.first { { when = { n = 1 }, text = "one" } }
    eq(pick { n = 1 }.text, "one")
    eq(pick { n = 1.0 }.text, "one")   -- 1 == 1.0 in Lua
    eq(pick { n = "1" }, nil)
    eq(pick {}, nil)
    local flag = decide.first { { when = { on = false }, text = "off" } }
    eq(flag { on = false }.text, "off")
    eq(flag {}, nil)                    -- a missing value is nil, not false
  end,
  ["matching: a table is a set"] = function()
    local pick = decide.first { { when = { tone = { "green", "red" } }, text = "coloured" } }
    eq(pick { tone = "red" }.text, "coloured")
    eq(pick { tone = "blue" }, nil)
    eq(pick {}, nil)
    eq(decide.first { { when = { tone = {} } } } { tone = "red" }, nil)  -- an empty set matches nothing
  end,
  ["matching: a function gets the value and the subject"] = function()
    local seen
    local pick = decide.first {
      { when = { minutes = function(m, subject) seen = subject; return m <= 15 end }, text = "soon" },
      { text = "later" },
    }
    local subject = { minutes = 10 }
    eq(pick(subject).text, "soon")
    eq(seen, subject)
    eq(pick { minutes = 16 }.text, "later")
  end,
  ["matching: a function's truthy result counts"] = function()
    local pick = decide.first { { when = { x = function(v) return v and "yes" end } } }
    assert(pick { x = 1 } ~= nil, "expected a match for a truthy string result")
    eq(pick { x = false }, nil)
  end,
  ["matching: decide.any matches anything, even nil"] = function()
    local pick = decide.first { { when = { phase = decide.any, last = true }, text = "last" } }
    eq(pick { phase = "x", last = true }.text, "last")
    eq(pick { last = true }.text, "last")
    eq(pick { phase = "x", last = false }, nil)
    eq(tostring(decide.any), "decide.any")
    raises(function() decide.any.x = 1 end, "decide.any is read-only (cannot set x)")
  end,
  ["matching: read-only subjects from the host"] = function()
    eq(badge(readonly { phase = "progress", last = true }), ROWS[1])
    local rows = readonly { readonly { when = readonly { phase = "done" }, text = "done" } }
    eq(decide.first(rows)(readonly { phase = "done" }).text, "done")
  end,
  ["collect: every matching row in order"] = function()
    local all = decide.collect(ROWS)
    local found = all { phase = "progress", last = true, first = true }
    eq(#found, 4)
    eq(found[1], ROWS[1]); eq(found[2], ROWS[2]); eq(found[3], ROWS[4]); eq(found[4], ROWS[5])
  end,
  ["collect: an empty list when nothing matches"] = function()
    local found = decide.collect { { when = { a = 1 } } } { a = 2 }
    eq(type(found), "table"); eq(#found, 0)
  end,
  ["rows are the caller's own tables"] = function()
    local row = { when = { a = 1 }, text = "mine" }
    eq(decide.first { row } { a = 1 }, row)
    eq(decide.collect { row } { a = 1 }[1], row)
  end,
  ["later changes to the list do not change a built table"] = function()
    local rows = { { when = { a = 1 }, text = "one" } }
    local pick = decide.first(rows)
    rows[1] = { text = "replaced" }
    eq(pick { a = 1 }.text, "one")
    eq(pick { a = 2 }, nil)
  end,
  ["build errors name the function and the row"] = function()
    raises(function() decide.first { {}, {}, { when = "phase" } } end, "decide.first: row 3: 'when' must be a table, got string")
    raises(function() decide.collect { { when = 1 } } end, "decide.collect: row 1: 'when' must be a table, got number")
    raises(function() decide.first { {}, "Next up" } end, 'decide.first: row 2: must be a table, got "Next up"')
    raises(function() decide.first(nil) end, "decide.first: rows must be a list of tables, got nil")
    raises(function() decide.collect("rows") end, 'decide.collect: rows must be a list of tables, got "rows"')
  end,
  ["call errors: the subject must be a table"] = function()
    raises(function() badge(nil) end, "decide.first: subject must be a table, got nil")
    raises(function() decide.collect(ROWS)("done") end, 'decide.collect: subject must be a table, got "done"')
  end,
  ["a condition that raises reports at its own line"] = function()
    local pick = decide.first { { when = { n = function(v) return v > 1 end } } }
    local ok, message = pcall(pick, {})
    assert(not ok and string.find(tostring(message), "compare", 1, true), "expected a comparison error, got " .. tostring(message))
  end,
}
