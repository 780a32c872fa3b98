-- liverules.promise: a pack's promises, what its presentations keep whatever the state, as a
-- table of cases read top to bottom (a pack's promises.lua returns one; `liverules explore`
-- checks it on every state it generates):
--   local promises = promise.cases(facts, {
--     { when = { phase = "combo" }, placements = { "lockScreen", "islandExpanded" },
--       shows = "nextCountdown" },
--     { when = { phase = "upcoming" }, placements = "islandMinimal", shows = "startTime" },
--     { when = { early = true }, placements = "lockScreen", showsOneOf = { "runningLate", "lateConfirmation" } },
--   })
--   return promises   -- (not `return promise.cases(...)`: a tail call hides the line of a mistake)
-- `facts(input)` gives the subject the rows' `when` match, as liverules.decide's rows do (input
-- is the rules' input: attributes, state, now, and the presentation's phase). A row applies to
-- every placement it names: each field of `shows` (an id or a list of ids) must be shown there,
-- one at least of `showsOneOf`, and none of `hides`. Every row that matches applies, not only
-- the first.
-- promise.cases returns what the host reads: `rows`, the rows as checked (each with its
-- `index`, `placements`, `shows`, `showsOneOf`, `hides`, and `phases`, the phases its `when`
-- names, which the host checks against the pack's), and `check(input, shown)` ->
-- { broken = { { row = index, placement = id, message = text }, ... }, applied = { index, ... } }
-- where shown[placement] lists the field ids the placement shows and `applied` the rows that
-- matched.

local decide = require "liverules.decide"
local support = require "liverules.support"
local describe = support.describe

local M = {}

-- `value` as a list of strings: a string alone, or a list of them; raises naming `what` of row i.
local function ids(value, what, i)
  if type(value) == "string" then return { value } end
  if type(value) ~= "table" or #value == 0 then
    error("promise.cases: row " .. i .. ": '" .. what .. "' must be an id or a list of ids, got " .. describe(value), 3)
  end
  for _, id in ipairs(value) do
    if type(id) ~= "string" then
      error("promise.cases: row " .. i .. ": '" .. what .. "' holds " .. describe(id) .. ", not an id", 3)
    end
  end
  return value
end

-- Whether `list` holds `id`.
local function holds(list, id)
  for _, element in ipairs(list) do
    if element == id then return true end
  end
  return false
end

-- The row's promises broken by what `placement` shows, appended to `broken`.
local function breaks(row, index, placement, shown, broken)
  for _, id in ipairs(row.shows) do
    if not holds(shown, id) then
      broken[#broken + 1] = { row = index, placement = placement, message = id .. " is not shown" }
    end
  end
  for _, id in ipairs(row.hides) do
    if holds(shown, id) then
      broken[#broken + 1] = { row = index, placement = placement, message = id .. " is shown" }
    end
  end
  if row.showsOneOf then
    for _, id in ipairs(row.showsOneOf) do
      if holds(shown, id) then return end
    end
    broken[#broken + 1] = { row = index, placement = placement,
                            message = "none of " .. table.concat(row.showsOneOf, ", ") .. " is shown" }
  end
end

-- The phases row i's `when` names: its `phase` as a list of strings, or nil when it names none
-- (or names them some other way, such as a function).
local function phases(when)
  if type(when) ~= "table" then return nil end
  local phase = when.phase
  if type(phase) == "string" then return { phase } end
  if type(phase) ~= "table" then return nil end
  for _, name in ipairs(phase) do
    if type(name) ~= "string" then return nil end
  end
  return phase
end

-- promise.cases(facts, rows) -> { rows = checked rows, check = check(input, shown) } (see above).
---@param facts fun(input: table): table
---@param rows liverules.PromiseRow[]
---@return { rows: table[], check: fun(input: table, shown: table<string, string[]>): { broken: { row: integer, placement: string, message: string }[], applied: integer[] } }
function M.cases(facts, rows)
  if type(facts) ~= "function" then error("promise.cases: facts must be a function, got " .. describe(facts), 2) end
  if type(rows) ~= "table" then error("promise.cases: rows must be a list of tables, got " .. describe(rows), 2) end
  local checked = {}
  for i, row in ipairs(rows) do
    if type(row) ~= "table" then error("promise.cases: row " .. i .. ": must be a table, got " .. describe(row), 2) end
    if row.shows == nil and row.showsOneOf == nil and row.hides == nil then
      error("promise.cases: row " .. i .. ": promises nothing (give 'shows', 'showsOneOf' or 'hides')", 2)
    end
    checked[i] = {
      index = i,
      when = row.when,
      placements = ids(row.placements, "placements", i),
      shows = row.shows ~= nil and ids(row.shows, "shows", i) or {},
      showsOneOf = row.showsOneOf ~= nil and ids(row.showsOneOf, "showsOneOf", i) or nil,
      hides = row.hides ~= nil and ids(row.hides, "hides", i) or {},
      phases = phases(row.when),
    }
  end
  local matching = decide.collect(checked)
  local function check(input, shown)
    local broken, applied = {}, {}
    for _, row in ipairs(matching(facts(input))) do
      applied[#applied + 1] = row.index
      for _, placement in ipairs(row.placements) do
        breaks(row, row.index, placement, shown[placement] or {}, broken)
      end
    end
    return { broken = broken, applied = applied }
  end
  return { rows = checked, check = check }
end

return M
