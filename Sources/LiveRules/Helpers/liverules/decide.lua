-- liverules.decide: decision tables. Each row is a table with an optional `when` table of
-- conditions and whatever fields the rule wants back (text, tone, ...):
--   local badge = decide.first {
--     { when = { phase = { "progress", "combo" } }, text = "In progress", tone = "green" },
--     {                                             text = "Next up",     tone = "neutral" },
--   }
--   badge(subject).text
-- Each key of `when` is compared with subject[key]:
--   decide.any         matches anything (also a missing value)
--   a function f       matches when f(value, subject) is truthy
--   a table            a set: matches when the value equals one of its elements
--   anything else      matches when equal (==)
-- A row matches when all of its keys match; a row without `when` always matches.
-- Comparisons that say what they compare, for explanations ("minutes = 12 ≤ 15"):
--   decide.atMost(n), decide.below(n), decide.atLeast(n), decide.above(n)
--                      match a number <= n, < n, >= n, > n (anything else does not match)
-- When the host explains, a built table records, per call, each row it checks: the values it
-- compared, which conditions held, and the row's line in the rule file.
-- Rows are checked when the table is built and returned as they are (not copied), so build
-- tables once, at load time, and do not change their rows afterwards.

local explain = require "liverules.explain"
local support = require "liverules.support"
local describe = support.describe

local M = {}

-- The sentinel that matches any value (read-only; tostring gives "decide.any").
---@type table
M.any = support.readonly("decide.any", {})

-- What each comparison made by M.atMost and the like compares with, for explanations
-- ("≤ 15"): kept only when the host explains (build comparisons once, at load time, as
-- the tables that use them); only explanations read it, never a result.
local SAYS = {}

-- A comparison `test` that `says` what it compares with.
local function comparison(says, test)
  if explain.on then SAYS[test] = says end
  return test
end

-- Checks the bound of a comparison helper.
local function bound(fname, n)
  if type(n) ~= "number" then error("decide." .. fname .. ": expected a number, got " .. describe(n), 3) end
  return n
end

-- decide.atMost(n) -> a condition for a row: true for a number at most n; explanations say "≤ n".
---@param n number
---@return fun(value: any): boolean
function M.atMost(n)
  n = bound("atMost", n)
  return comparison("≤ " .. n, function(value) return type(value) == "number" and value <= n end)
end

-- decide.below(n) -> a condition for a row: true for a number below n; explanations say "< n".
---@param n number
---@return fun(value: any): boolean
function M.below(n)
  n = bound("below", n)
  return comparison("< " .. n, function(value) return type(value) == "number" and value < n end)
end

-- decide.atLeast(n) -> a condition for a row: true for a number at least n; explanations say "≥ n".
---@param n number
---@return fun(value: any): boolean
function M.atLeast(n)
  n = bound("atLeast", n)
  return comparison("≥ " .. n, function(value) return type(value) == "number" and value >= n end)
end

-- decide.above(n) -> a condition for a row: true for a number above n; explanations say "> n".
---@param n number
---@return fun(value: any): boolean
function M.above(n)
  n = bound("above", n)
  return comparison("> " .. n, function(value) return type(value) == "number" and value > n end)
end

-- Whether one condition accepts `value`.
local function accepts(condition, value, subject)
  if condition == M.any then return true end
  if type(condition) == "function" then return not not condition(value, subject) end
  if type(condition) == "table" then
    for _, element in ipairs(condition) do
      if element == value then return true end
    end
    return false
  end
  return condition == value
end

-- The keys of a `when` table in a fixed order, so conditions run in the same order every time.
local function sorted_keys(when)
  local keys = {}
  for key in pairs(when) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) < type(b) end
    if type(a) == "string" or type(a) == "number" then return a < b end
    return false
  end)
  return keys
end

-- Checks `rows` and returns the rows in order with, for each, its `when` and the keys of it.
local function compile(fname, rows)
  if type(rows) ~= "table" then
    error(fname .. ": rows must be a list of tables, got " .. describe(rows), 3)
  end
  local compiled = {}
  for i = 1, #rows do
    local row = rows[i]
    if type(row) ~= "table" then
      error(fname .. ": row " .. i .. ": must be a table, got " .. describe(row), 3)
    end
    local when = row.when
    if when ~= nil and type(when) ~= "table" then
      error(fname .. ": row " .. i .. ": 'when' must be a table, got " .. type(when), 3)
    end
    compiled[i] = { row = row, when = when, keys = when and sorted_keys(when) or {} }
  end
  return compiled
end

-- Whether a compiled row matches `subject`.
local function matches(entry, subject)
  for _, key in ipairs(entry.keys) do
    if not accepts(entry.when[key], subject[key], subject) then return false end
  end
  return true
end

-- Raises at the caller of a built table unless `subject` is a table.
local function check_subject(fname, subject)
  if type(subject) ~= "table" then
    error(fname .. ": subject must be a table, got " .. describe(subject), 3)
  end
end

-- How an explanation shows a condition: "true", "one of \"a\", \"b\"", "≤ 15", "any",
-- "its test".
local function says(condition)
  if condition == M.any then return "any" end
  if type(condition) == "function" then return SAYS[condition] or "its test" end
  if type(condition) == "table" then
    local elements = {}
    for index, element in ipairs(condition) do elements[index] = describe(element) end
    return "one of " .. table.concat(elements, ", ")
  end
  return describe(condition)
end

-- How a summary says one comparison: "first = true", "phase = \"countdown\", not one of \"progress\",
-- \"combo\"", "minutes = 12 ≤ 15", "minutes = 20, not ≤ 15".
local function sayComparison(c, condition)
  if c.matched and c.condition == c.value then return c.name .. " = " .. c.value end
  if c.matched and SAYS[condition] then return c.name .. " = " .. c.value .. " " .. c.condition end
  return c.name .. " = " .. c.value .. (c.matched and ", " or ", not ") .. c.condition
end

-- The comparisons a compiled row makes with `subject`, as matching does (stopping at the first
-- that fails), each { name, value, condition, matched }; whether the row matches; and how a
-- summary says them ("otherwise" for a row without conditions).
local function compare(entry, subject)
  local comparisons, said = {}, {}
  for index, key in ipairs(entry.keys) do
    local condition, value = entry.when[key], subject[key]
    local matched = accepts(condition, value, subject)
    comparisons[index] = { name = tostring(key), value = describe(value), condition = says(condition), matched = matched }
    said[index] = sayComparison(comparisons[index], condition)
    if not matched then return comparisons, false, table.concat(said, "; ") end
  end
  return comparisons, true, #said > 0 and table.concat(said, "; ") or "otherwise"
end

-- "text = \"First up\", tone = \"neutral\"": a row's fields other than `when`, by name.
local function sayResult(row)
  local keys = {}
  for key in pairs(row) do
    if key ~= "when" and type(key) == "string" then keys[#keys + 1] = key end
  end
  table.sort(keys)
  for index, key in ipairs(keys) do keys[index] = key .. " = " .. describe(row[key]) end
  return table.concat(keys, ", ")
end

-- The explaining form of decide.first (all = false) and decide.collect (all = true): as the
-- plain ones, recording each row checked. Built only when the host explains.
local function explaining(fname, compiled, all)
  local file, lines = explain.rows(#compiled)
  return function(subject)
    check_subject(fname, subject)
    local found = {}
    for index, entry in ipairs(compiled) do
      local comparisons, matched, summary = compare(entry, subject)
      explain.record {
        kind = matched and "decision" or "skipped", output = "", row = index, file = lines[index] and file, line = lines[index],
        comparisons = comparisons,
        summary = matched and ("row " .. index .. ": " .. summary .. " → " .. sayResult(entry.row))
          or ("row " .. index .. " skipped: " .. summary),
      }
      if matched then
        if not all then return entry.row end
        found[#found + 1] = entry.row
      end
    end
    if all then return found end
    return nil
  end
end

-- decide.first(rows) -> function(subject) returning the first row that matches `subject`,
-- or nil when none does.
---@param rows table[]
---@return fun(subject: table): table?
function M.first(rows)
  local compiled = compile("decide.first", rows)
  if explain.on then return explaining("decide.first", compiled, false) end
  return function(subject)
    check_subject("decide.first", subject)
    for _, entry in ipairs(compiled) do
      if matches(entry, subject) then return entry.row end
    end
    return nil
  end
end

-- decide.collect(rows) -> function(subject) returning the list of every row that matches
-- `subject`, in row order (empty when none does).
---@param rows table[]
---@return fun(subject: table): table[]
function M.collect(rows)
  local compiled = compile("decide.collect", rows)
  if explain.on then return explaining("decide.collect", compiled, true) end
  return function(subject)
    check_subject("decide.collect", subject)
    local found = {}
    for _, entry in ipairs(compiled) do
      if matches(entry, subject) then found[#found + 1] = entry.row end
    end
    return found
  end
end

return M
