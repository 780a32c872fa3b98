-- Measures what compiling the costliest Lua files of a given size takes (Lua's compiler, the one
-- the host links): the kinds of code that make it do more than linear work, each filling the
-- size. The size limit of a pack's Lua files (InputLimits.luaFileBytes) and the steps charged
-- per byte compiled (LRS_COMPILE_STEPS) come from these numbers.
--
--   lua5.4 Benchmarks/scripts/compile-costs.lua [bytes (16384)] [runs (5)]
--
-- Prints, per kind, the fastest of the runs in milliseconds and in nanoseconds per byte, and
-- whether the file compiles (the parser refuses some past its nesting limit, early).

local size = tonumber(arg[1]) or 16384
local runs = tonumber(arg[2]) or 5

-- `head`, then as many `unit`s as fit in `size` bytes, then `tail`.
local function filled(head, unit, tail)
  return head .. unit:rep((size - #head - #tail) // #unit) .. tail
end

-- `head`, then `unit` formatted with 1, 2, 3... while it fits in `size` bytes, then `tail`.
local function numbered(head, unit, tail)
  local parts, length, i = { head }, #head + #tail, 0
  while true do
    i = i + 1
    local part = unit:format(i)
    if length + #part > size then break end
    parts[#parts + 1], length = part, length + #part
  end
  return table.concat(parts) .. tail
end

-- The names a1, a2, ... an, separated by commas.
local function locals(n)
  local names = {}
  for i = 1, n do names[i] = "a" .. i end
  return table.concat(names, ",")
end

-- `depth` nested functions declaring 199 locals each.
local function nested(depth)
  return ("return function()\nlocal " .. locals(199) .. "\n"):rep(depth)
end

local kinds = {
  { "`or` chain (a jump list walked per operand)", filled("return{}", "or{}", "") },
  { "`and` chain over a local", filled("local a\nreturn a", " and a", "") },
  { "`elseif` of an `or` chain", filled("if x then elseif{}", "or{}", "then end") },
  { "`break`s pending in one loop", filled("while 1 do ", "break;", "end") },
  { "`goto`s pending to one label", filled("", "goto z\n", "::z::") },
  { "globals under 6 functions of 199 locals", filled(nested(6), "g=g\n", ("end\n"):rep(6)) },
  { "globals under 3 functions of 199 locals", filled(nested(3), "g=g\n", ("end\n"):rep(3)) },
  { "`<const>` locals walked per statement", filled(("local c <const> = 1\n"):rep(199), ";", "") },
  { "upvalues: 199 captured, named in each line", filled("local " .. locals(199) .. "\nreturn function()\n",
                                                      "local _ = " .. locals(199):gsub(",", "+") .. "\n", "end") },
  { "string constants", filled("local t = {", "'k',", "}") },
  { "distinct integer constants", numbered("local t = {", "%d,", "}") },
  { "table constructor of fields", numbered("local t = {", "k%d=1,", "}") },
  { "arithmetic chain", filled("local a\nreturn a", "+a", "") },
  { "concatenation chain (right-recursive)", filled("local a\nreturn a", "..a", "") },
  { "nested parentheses", ("("):rep(size // 2 - 4) .. "1" },
  { "nested table constructors", "return " .. ("{"):rep(size // 2 - 4) .. ("}"):rep(size // 2 - 4) },
  { "nested functions", ("return function() "):rep(size // 22) .. ("end "):rep(size // 22) },
}

print(("%-46s %8s %8s  %s"):format("kind (" .. size .. " bytes)", "ms", "ns/byte", "outcome"))
for _, kind in ipairs(kinds) do
  local name, source = kind[1], kind[2]
  local best, outcome = math.huge, nil
  for _ = 1, runs do
    local started = os.clock()
    local chunk, message = load(source, "=chunk")
    best = math.min(best, os.clock() - started)
    outcome = chunk and "compiles" or message:match("[^\n]*")
  end
  print(("%-46s %8.1f %8.0f  %s"):format(name, best * 1e3, best * 1e9 / #source, outcome))
end
