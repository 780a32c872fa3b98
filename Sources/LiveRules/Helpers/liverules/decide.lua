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
-- Rows are checked when the table is built and returned as they are (not copied), so build
-- tables once, at load time, and do not change their rows afterwards.

local support = require "liverules.support"
local describe = support.describe

local M = {}

-- The sentinel that matches any value (read-only; tostring gives "decide.any").
---@type table
M.any = support.readonly("decide.any", {})

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

-- decide.first(rows) -> function(subject) returning the first row that matches `subject`,
-- or nil when none does.
---@param rows table[]
---@return fun(subject: table): table?
function M.first(rows)
  local compiled = compile("decide.first", rows)
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
