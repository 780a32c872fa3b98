-- liverules.support: what the helper modules share; not meant for rules. It hands out functions
-- only (the memos it keeps are its own), so a rule that requires it can build nothing it could
-- not build itself.
--   support.describe(value)            how an error message shows a value
--   support.hint(name, known)          the host's " — did you mean x?", or ""
--   support.readonly(path, data, ...)  a read-only view of a helper's own table
--   support.host(name, what)           a host function (liverules_host_<name>)
--   support.memo(), support.keep(...)  remembered results of a pure function of a string
--   support.begin(now)                 starts a presentation at `now` (the driver, before each):
--                                      empties every memo and every moment noted
--   support.note(now, moment)          a comparison of `now` with a later `moment` (time.reached)
--   support.soonest()                  the soonest moment noted since begin, or nil (the host)

local M = {}

-- support.host(name, what) -> the host function liverules_host_<name>, or a function raising
-- "<what>: this host provides no <name>" when the host did not register it. The globals may
-- already be sealed when a helper loads (a rule can require one inside its function), so a
-- missing global is read under pcall.
function M.host(name, what)
  local ok, found = pcall(function() return _ENV["liverules_host_" .. name] end)
  if ok and found then return found end
  return function() error(what .. ": this host provides no " .. name, 2) end
end

-- support.memo() -> a memo for the results of a pure function of a string, which helpers keep
-- since a presentation asks for the same few strings again and again; support.keep(memo, s,
-- result) remembers `result` for `s` and returns it; memo.seen[s] reads it back. At most 1024
-- results per memo, so memory stays bounded. A nil result is kept as false.
-- support.begin(now) starts a presentation at `now`; the driver calls it before each, so what
-- is remembered lasts one presentation: remembering makes calls cheaper within it, but never
-- changes an outcome, which cannot depend on what the state presented before.
local memos = {}
local presentedAt, soonest
function M.memo()
  local memo = { seen = {}, count = 0 }
  memos[#memos + 1] = memo
  return memo
end
function M.begin(now)
  for i = 1, #memos do
    local memo = memos[i]
    if memo.count > 0 then memo.seen, memo.count = {}, 0 end
  end
  presentedAt, soonest = now, nil
end

-- support.note(now, moment): a rule's answer at `now` holds until `moment`, when it changes.
-- Noted only when `now` is the presentation's own (a comparison of two other dates says nothing
-- about when this presentation changes) and `moment` is later.
function M.note(now, moment)
  if now == presentedAt and moment > now and (soonest == nil or moment < soonest) then soonest = moment end
end

-- support.soonest() -> the soonest moment noted since the presentation began, or nil: the
-- first moment any answer the rules compared with `now` changes.
function M.soonest()
  return soonest
end
function M.keep(memo, s, result)
  if memo.count == 1024 then memo.seen, memo.count = {}, 0 end
  memo.seen[s], memo.count = result, memo.count + 1
  return result
end

-- support.describe(value) -> how an error message shows `value`: strings quoted, numbers,
-- booleans and nil as Lua writes them, anything else by its type ("table", "function").
function M.describe(value)
  local kind = type(value)
  if kind == "string" then return '"' .. value .. '"' end
  if kind == "number" or kind == "boolean" or kind == "nil" then return tostring(value) end
  return kind
end

local suggestion = M.host("suggestion", "liverules")

-- support.hint(name, known) -> " — did you mean x?" when `name` (any value, shown as text) is
-- a likely typo of one of the strings in the list `known`; "" otherwise. The host decides and
-- words it, as it does for every other unknown name.
function M.hint(name, known)
  return suggestion(tostring(name), known)
end

-- The keys of `data` sorted (by type, then value), for a deterministic `pairs`.
local function sorted_keys(data)
  local keys = {}
  for key in pairs(data) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) < type(b) end
    return a < b
  end)
  return keys
end

-- support.readonly(path, data [, missing]) -> a read-only view of `data` named `path`: writes
-- raise "<path> is read-only (cannot set <key>)"; `#` and ipairs work as on `data`; pairs
-- visits keys in sorted order; tostring gives `path`. `missing(key)`, when given, returns the
-- message for reading an unknown key; without it unknown keys read as nil (as a list's end
-- must). Reads go straight to `data` (fast); only a miss reaches `missing`, through a metatable
-- set on `data`, which must therefore be the helper's own table, shown to nobody else.
function M.readonly(path, data, missing)
  local keys = sorted_keys(data)
  if missing then
    setmetatable(data, { __index = function(_, key) error(missing(key), 3) end })
  end
  return setmetatable({}, {
    __index = data,
    __newindex = function(_, key)
      error(path .. " is read-only (cannot set " .. tostring(key) .. ")", 2)
    end,
    __len = function() return #data end,
    __pairs = function()
      local i = 0
      return function()
        i = i + 1
        if keys[i] ~= nil then return keys[i], data[keys[i]] end
      end
    end,
    __tostring = function() return path end,
    __metatable = false,
  })
end

return M
