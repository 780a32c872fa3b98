-- Tests for liverules.promise: each function raises on failure.
local promise = require "liverules.promise"
local check = require "check"
local eq, raises = check.eq, check.raises("promise.lua")

-- The facts are the input itself: rows match its members.
local function same(input) return input end

local STATED = promise.cases(same, {
  { when = { phase = "combo" }, placements = { "lockScreen", "islandExpanded" }, shows = "nextCountdown" },
  { when = { phase = "combo" }, placements = "islandMinimal", hides = { "nextTitle", "nextCountdown" } },
  { when = { phase = { "progress", "combo" }, early = true }, placements = "lockScreen",
    showsOneOf = { "runningLate", "lateConfirmation" } },
  { placements = "islandMinimal", shows = { "progress" } },
})

-- The broken promises for `input` and what placements show.
local function CASES(input, shown) return STATED.check(input, shown).broken end

-- The broken promises as "row placement message" lines, in order.
local function said(broken)
  local lines = {}
  for index, entry in ipairs(broken) do
    lines[index] = entry.row .. " " .. entry.placement .. " " .. entry.message
  end
  return table.concat(lines, "\n")
end

return {
  ["cases: a kept promise breaks nothing"] = function()
    local shown = { lockScreen = { "title", "nextCountdown", "runningLate" }, islandExpanded = { "nextCountdown" },
                    islandMinimal = { "progress" } }
    eq(#CASES({ phase = "combo", early = true }, shown), 0)
  end,
  ["cases: shows names each field missing, at each placement"] = function()
    local shown = { lockScreen = { "title" }, islandExpanded = { "nextCountdown" }, islandMinimal = { "progress" } }
    eq(said(CASES({ phase = "combo" }, shown)), "1 lockScreen nextCountdown is not shown")
  end,
  ["cases: a placement not shown shows nothing"] = function()
    eq(said(CASES({ phase = "combo" }, { islandMinimal = { "progress" } })),
       "1 lockScreen nextCountdown is not shown\n1 islandExpanded nextCountdown is not shown")
  end,
  ["cases: hides names each field shown"] = function()
    local shown = { lockScreen = { "nextCountdown" }, islandExpanded = { "nextCountdown" },
                    islandMinimal = { "progress", "nextCountdown" } }
    eq(said(CASES({ phase = "combo" }, shown)), "2 islandMinimal nextCountdown is shown")
  end,
  ["cases: showsOneOf wants one of them"] = function()
    local shown = { lockScreen = { "lateConfirmation" }, islandMinimal = { "progress" } }
    eq(#CASES({ phase = "progress", early = true }, shown), 0)
    eq(said(CASES({ phase = "progress", early = true }, { islandMinimal = { "progress" } })),
       "3 lockScreen none of runningLate, lateConfirmation is shown")
  end,
  ["cases: every matching row applies"] = function()
    eq(said(CASES({ phase = "progress", early = true }, {})),
       "3 lockScreen none of runningLate, lateConfirmation is shown\n4 islandMinimal progress is not shown")
  end,
  ["cases: a row whose when does not match is not checked"] = function()
    eq(said(CASES({ phase = "countdown", early = true }, { islandMinimal = { "progress" } })), "")
  end,
  ["cases: the facts function decides what rows see"] = function()
    local cases = promise.cases(function(input) return { late = input.minutes > 10 } end, {
      { when = { late = true }, placements = "lockScreen", shows = "badge" },
    })
    eq(#cases.check({ minutes = 5 }, {}).broken, 0)
    eq(said(cases.check({ minutes = 11 }, { lockScreen = { "title" } }).broken), "1 lockScreen badge is not shown")
    eq(said(cases.check({ minutes = 11 }, {}).broken), "1 lockScreen badge is not shown")
  end,
  ["cases: check says which rows applied"] = function()
    eq(table.concat(STATED.check({ phase = "combo", early = true }, {}).applied, " "), "1 2 3 4")
    eq(table.concat(STATED.check({ phase = "countdown" }, {}).applied, " "), "4")
  end,
  ["cases: rows are given back as checked, with the phases their when names"] = function()
    local rows = STATED.rows
    eq(#rows, 4)
    eq(table.concat(rows[1].placements, " "), "lockScreen islandExpanded")
    eq(table.concat(rows[1].shows, " "), "nextCountdown")
    eq(table.concat(rows[1].phases, " "), "combo")
    eq(table.concat(rows[3].phases, " "), "progress combo")
    eq(table.concat(rows[3].showsOneOf, " "), "runningLate lateConfirmation")
    eq(table.concat(rows[2].hides, " "), "nextTitle nextCountdown")
    eq(rows[4].phases, nil)
    local named = promise.cases(same, { { when = { phase = function() return true end }, placements = "a", shows = "b" } })
    eq(named.rows[1].phases, nil)
  end,
  ["cases: a row promising nothing is refused at the caller"] = function()
    raises(function() promise.cases(same, { { placements = "lockScreen" } }) end, "row 1: promises nothing")
  end,
  ["cases: placements and fields must be ids"] = function()
    raises(function() promise.cases(same, { { placements = 3, shows = "x" } }) end, "row 1: 'placements' must be an id")
    raises(function() promise.cases(same, { { placements = "a", shows = { 1 } } }) end, "row 1: 'shows' holds 1")
    raises(function() promise.cases(same, { { placements = "a", shows = {} } }) end, "'shows' must be an id or a list")
  end,
  ["cases: facts must be a function and rows a list of tables"] = function()
    raises(function() promise.cases({}, {}) end, "facts must be a function")
    raises(function() promise.cases(same, "rows") end, "rows must be a list of tables")
    raises(function() promise.cases(same, { 5 }) end, "row 1: must be a table")
  end,
}
