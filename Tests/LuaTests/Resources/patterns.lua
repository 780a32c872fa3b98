-- Pattern-matching conformance cases: string.find, string.match, string.gmatch and string.gsub
-- must return exactly what stock Lua 5.4 returns. The expectations were produced by running each
-- case through the stock lua5.4 interpreter. Uses only string, table, math, pcall and error.
-- Returns the number of cases checked; raises "case N: ..." on the first mismatch.

local A = table.pack
-- An expected error: the message must contain every part.
local function E(...) return {err = {...}} end
-- Expected gmatch iterations, each the packed values of one call of the iterator.
local function G(...) return {iter = table.pack(...)} end

local R = {
  tab = {hello = "HI", world = false, abc = 12, one = "1", [2] = "two"},
  bad_tab = {x = {}},
  concat = function(...) return table.concat({...}, "+") end,
  keep = function() return nil end,
  no = function() return false end,
  upper = function(s) return string.upper(s) end,
  count = function(...) return table.pack(...).n end,
  bad = function() return {} end,
  yes = function() return true end,
  typeof = function(a) return type(a) end,
  swap = function(a, b) return b .. a end,
}

local cases = {
  {"find", A("hello world", "o w"), A(5, 7)},
  {"find", A("hello world", "o", 6), A(8, 8)},
  {"find", A("hello", "l", -2), A(4, 4)},
  {"find", A("hello", "h", -100), A(1, 1)},
  {"find", A("hello", "l", 0), A(3, 3)},
  {"find", A("hello", "", 0), A(1, 0)},
  {"find", A("hello", "", 6), A(6, 5)},
  {"find", A("hello", "", 7), A(nil)},
  {"find", A("hello", "", -1), A(5, 4)},
  {"find", A("hello", "x", 100), A(nil)},
  {"find", A("hello", "l", math.mininteger), A(3, 3)},
  {"find", A("hello", "l", math.maxinteger), A(nil)},
  {"find", A("hello", "lo", -2, true), A(4, 5)},
  {"find", A("a.b", ".", 1, true), A(2, 2)},
  {"find", A("a.b", "."), A(1, 1)},
  {"find", A("a+b", "+", 1, true), A(2, 2)},
  {"find", A("aab", "a+", 1, true), A(nil)},
  {"find", A("a(b", "(", 1, 1), A(2, 2)},
  {"find", A("a(b", "(", 1, "yes"), A(2, 2)},
  {"find", A("a(b", "(", 1, false), E("unfinished capture")},
  {"find", A("a)b", ")"), A(2, 2)},
  {"find", A("a]b", "]"), A(2, 2)},
  {"find", A("x\0y", "\0"), A(2, 2)},
  {"find", A("x\0y", "%z"), A(2, 2)},
  {"find", A("x\0y\0", "\0", 3), A(4, 4)},
  {"find", A("", ""), A(1, 0)},
  {"find", A("", "a*"), A(1, 0)},
  {"find", A("", "."), A(nil)},
  {"find", A("", "", 2), A(nil)},
  {"find", A(12345, 34), A(3, 4)},
  {"find", A(1.5, "%."), A(2, 2)},
  {"find", A("abc", "b", "2"), A(2, 2)},
  {"find", A("abc", "b", 2.0), A(2, 2)},
  {"find", A(string.rep("ab", 60) .. "c", string.rep("ab", 40) .. "c", 1, true), A(41, 121)},
  {"find", A(string.rep("x", 200), string.rep("x", 100) .. "y", 1, true), A(nil)},
  {"find", A("hello", "l+"), A(3, 4)},
  {"find", A("hello", "(l)(l)"), A(3, 4, "l", "l")},
  {"find", A("hello", "()ll()"), A(3, 4, 3, 5)},
  {"find", A("hello", "^h"), A(1, 1)},
  {"find", A("hello", "^e"), A(nil)},
  {"find", A("hello", "o$"), A(5, 5)},
  {"find", A("hello", "l$"), A(nil)},
  {"find", A("hello", "^hello$"), A(1, 5)},
  {"find", A("hello", "^l", 3), A(3, 3)},
  {"find", A("hello", "^l", -2), A(4, 4)},
  {"find", A("a$b", "$b"), A(2, 3)},
  {"find", A("a^b", "a^"), A(1, 2)},
  {"find", A("^a", "^^a"), A(1, 2)},
  {"find", A("hello", "$"), A(6, 5)},
  {"find", A("hello", "^"), A(1, 0)},
  {"find", A("aa", "()%1"), A(nil)},
  {"find", A("hello", "%f[%z]"), A(6, 5)},
  {"find", A("hello", "%f[^%z]"), A(1, 0)},
  {"match", A("  Hello, World 42!", "%a+"), A("Hello")},
  {"match", A("  Hello, World 42!", "%A+"), A("  ")},
  {"match", A("a\tb", "%c"), A("\9")},
  {"match", A("\1\2ab", "%C+"), A("ab")},
  {"match", A("  Hello, World 42!", "%d+"), A("42")},
  {"match", A("42 is it", "%D+"), A(" is it")},
  {"match", A("  Hello, World 42!", "%g+"), A("Hello,")},
  {"match", A("  Hello, World 42!", "%G+"), A("  ")},
  {"match", A("  Hello, World 42!", "%l+"), A("ello")},
  {"match", A("  Hello, World 42!", "%L+"), A("  H")},
  {"match", A("  Hello, World 42!", "%p"), A(",")},
  {"match", A("!?Hello", "%P+"), A("Hello")},
  {"match", A("a \t\n b", "%s+"), A(" \9\n ")},
  {"match", A("  Hello, World 42!", "%S+"), A("Hello,")},
  {"match", A("helLO world", "%u+"), A("LO")},
  {"match", A("HELlo", "%U+"), A("lo")},
  {"match", A("  Hello, World 42!", "%w+"), A("Hello")},
  {"match", A("Hello, World", "%W+"), A(", ")},
  {"match", A("zz 0xFFg", "0x(%x+)"), A("FF")},
  {"match", A("ff: zz", "%X+"), A(": zz")},
  {"match", A("caf\xc3\xa9!", "%a+"), A("caf")},
  {"match", A("\xc3\xa9t\xc3\xa9", "[\x80-\xff]+"), A("é")},
  {"match", A("x\0y", "%Z+"), A("x")},
  {"match", A("abc", "."), A("a")},
  {"match", A("abc", "..$"), A("bc")},
  {"match", A("a.b", "%."), A(".")},
  {"match", A("100%", "%d+%%"), A("100%")},
  {"match", A("[x]", "%[(.)%]"), A("x")},
  {"match", A("a-b", "%-"), A("-")},
  {"match", A("cost $5", "%$(%d)"), A("5")},
  {"match", A("education", "[aeiou]+"), A("e")},
  {"match", A("education", "[^aeiou]+"), A("d")},
  {"match", A("hexcafe", "[a-f]+"), A("e")},
  {"match", A("v1.25b", "[%d%.]+"), A("1.25")},
  {"match", A("  _foo9 bar", "[%a_][%w_]*"), A("_foo9")},
  {"match", A("a]b", "[]]"), A("]")},
  {"match", A("]]ab]", "[^]]+"), A("ab")},
  {"match", A("x-a-y", "[a-]+"), A("-a-")},
  {"match", A("x-a-y", "[-a]+"), A("-a-")},
  {"match", A("a]b", "[%]]"), A("]")},
  {"match", A("a-b", "[%-]"), A("-")},
  {"match", A("abc", "[z-a]"), A(nil)},
  {"match", A("a-z", "[a%-z]+"), A("a-z")},
  {"match", A("hi, you!", "[%s%p]+"), A(", ")},
  {"match", A("x^y", "[x^]+"), A("x^")},
  {"match", A("^^x", "[^^]"), A("x")},
  {"match", A("ab-cd", "[a-c-]+"), A("ab-c")},
  {"match", A("aaab", "a*"), A("aaa")},
  {"match", A("baaa", "a*"), A("")},
  {"match", A("baaa", "a+"), A("aaa")},
  {"match", A("aaab", "a-b"), A("aaab")},
  {"match", A("aaab", "a-"), A("")},
  {"match", A("xab", "a?b"), A("ab")},
  {"match", A("xb", "xa?b"), A("xb")},
  {"match", A("aaa", "(a-)(a*)"), A("", "aaa")},
  {"match", A("<a><b>", "<(.-)>"), A("a")},
  {"match", A("<a><b>", "<(.*)>"), A("a><b")},
  {"match", A("trim me   ", "(.-)%s*$"), A("trim me")},
  {"match", A("  both  ", "^%s*(.-)%s*$"), A("both")},
  {"match", A("aaa", "a**"), A(nil)},
  {"match", A("a+b", "a+?"), A(nil)},
  {"match", A("abc", "[ab]*c"), A("abc")},
  {"match", A("x = 10", "^(%w+)%s*=%s*(%d+)$"), A("x", "10")},
  {"match", A("key=value", "(%w+)=(%w+)"), A("key", "value")},
  {"match", A("hello", "()ll()"), A(3, 5)},
  {"match", A("hello", "()"), A(1)},
  {"match", A("hello", "()", 4), A(4)},
  {"match", A("ab", "((a)(b))"), A("ab", "a", "b")},
  {"match", A("aaab  ", "(a*(.)%w(%s*))"), A("aaab  ", "a", "  ")},
  {"match", A("hello", "(h)(e)(l)(l)(o)"), A("h", "e", "l", "l", "o")},
  {"match", A("hello world", "(%w+)$"), A("world")},
  {"match", A("date: 2024-06-01", "(%d+)-(%d+)-(%d+)"), A("2024", "06", "01")},
  {"match", A(string.rep("a", 40), string.rep("(a)", 32)), A("a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a")},
  {"match", A(string.rep("a", 40), string.rep("()", 32)), A(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)},
  {"match", A("f(a(b)c)d)", "%b()"), A("(a(b)c)")},
  {"match", A("x[[y]]z", "%b[]"), A("[[y]]")},
  {"match", A("<a<b>c>", "%b<>"), A("<a<b>c>")},
  {"match", A("(((", "%b()"), A(nil)},
  {"match", A("a))", "%b))"), A("))")},
  {"match", A("if x then y end", "%bxy"), A("x then y")},
  {"match", A("call(f(x), y) rest", "(%w+)(%b())"), A("call", "(f(x), y)")},
  {"match", A("THE (quick) fox", "%f[%a]%a+"), A("THE")},
  {"match", A("THE (quick) fox", "%f[%l]%a+"), A("quick")},
  {"match", A("hello world", "%f[%w]%w+$"), A("world")},
  {"match", A("wordy words", "%f[%w]words%f[%W]"), A("words")},
  {"match", A("say \"hi\" or 'yo'", "([\"'])(.-)%1"), A("\"", "hi")},
  {"match", A("abcabc", "(abc)%1"), A("abc")},
  {"match", A("abcab", "(abc)%1"), A(nil)},
  {"match", A("xyyx", "(x)(y)%2%1"), A("x", "y")},
  {"match", A("aa", "()%1"), A(nil)},
  {"match", A("hello", "^l", 3), A("l")},
  {"match", A("hello", "^h", 2), A(nil)},
  {"match", A("hello", ".", -1), A("o")},
  {"match", A("hello", ".", -10), A("h")},
  {"match", A("hello", ".", 6), A(nil)},
  {"match", A("hello", "", 6), A("")},
  {"match", A("hello", "", 7), A(nil)},
  {"match", A("a$b", "a$b"), A("a$b")},
  {"match", A("a", "%"), E("malformed pattern (ends with '%')")},
  {"match", A("a", "a%"), E("malformed pattern (ends with '%')")},
  {"match", A("a", "[a"), E("malformed pattern (missing ']')")},
  {"match", A("a", "[^"), E("malformed pattern (missing ']')")},
  {"match", A("a", "[%]"), E("malformed pattern (missing ']')")},
  {"match", A("a", "[]"), E("malformed pattern (missing ']')")},
  {"match", A("a", "%1"), E("invalid capture index %1")},
  {"match", A("a", "(a)%2"), E("invalid capture index %2")},
  {"match", A("a", "%0"), E("invalid capture index %0")},
  {"match", A("a", "(a%1)"), E("invalid capture index %1")},
  {"match", A("a", "(a"), E("unfinished capture")},
  {"match", A("a", "(()"), E("unfinished capture")},
  {"match", A("a", "a)"), E("invalid pattern capture")},
  {"match", A("a", "())"), E("invalid pattern capture")},
  {"match", A("a", "%f"), E("missing '[' after '%f' in pattern")},
  {"match", A("a", "%fa"), E("missing '[' after '%f' in pattern")},
  {"match", A("a", "%b"), E("malformed pattern (missing arguments to '%b')")},
  {"match", A("a", "%ba"), E("malformed pattern (missing arguments to '%b')")},
  {"match", A(string.rep("a", 300), string.rep("a?", 300)), E("pattern too complex")},
  {"match", A(string.rep("a", 40), string.rep("()", 33)), E("too many captures")},
  {"match", A(nil, "a"), E("bad argument #1", "(string expected, got nil)")},
  {"match", A("a"), E("bad argument #2", "(string expected, got no value)")},
  {"find", A("abc", "b", 1.5), E("bad argument #3", "(number has no integer representation)")},
  {"find", A("abc", "b", "x"), E("bad argument #3", "(number expected, got string)")},
  {"find", A({}, "a"), E("bad argument #1", "(string expected, got table)")},
  {"gmatch", A("hello world from Lua", "%a+"), G(A("hello"), A("world"), A("from"), A("Lua"))},
  {"gmatch", A("k1=v1, k2=v2", "(%w+)=(%w+)"), G(A("k1", "v1"), A("k2", "v2"))},
  {"gmatch", A("abc", ""), G(A(""), A(""), A(""), A(""))},
  {"gmatch", A("abc", "()"), G(A(1), A(2), A(3), A(4))},
  {"gmatch", A("a,b,,c", "([^,]*)"), G(A("a"), A("b"), A(""), A("c"))},
  {"gmatch", A("abc", ".-"), G(A(""), A(""), A(""), A(""))},
  {"gmatch", A("aaa", "a*"), G(A("aaa"))},
  {"gmatch", A("abab", "b*"), G(A(""), A("b"), A("b"))},
  {"gmatch", A("^a^a", "^a"), G(A("^a"), A("^a"))},
  {"gmatch", A("aaa", "^a"), G()},
  {"gmatch", A("hello world", "%a+", 3), G(A("llo"), A("world"))},
  {"gmatch", A("hello world", "%a+", -5), G(A("world"))},
  {"gmatch", A("hello world", "%a+", 0), G(A("hello"), A("world"))},
  {"gmatch", A("hello world", "%a+", -100), G(A("hello"), A("world"))},
  {"gmatch", A("hello world", "%a+", 100), G()},
  {"gmatch", A("hello", "", 6), G(A(""))},
  {"gmatch", A("THE (quick) fox", "%f[%a]%a+"), G(A("THE"), A("quick"), A("fox"))},
  {"gmatch", A("f(a) g(b(c))", "%b()"), G(A("(a)"), A("(b(c))"))},
  {"gmatch", A("one two", "()(%a+)()"), G(A(1, "one", 4), A(5, "two", 8))},
  {"gmatch", A("x$y$", "$"), G(A(""))},
  {"gmatch", A(123, "%d"), G(A("1"), A("2"), A("3"))},
  {"gmatch", A("abc", "("), E("unfinished capture")},
  {"gmatch", A("abc", "[a"), E("malformed pattern (missing ']')")},
  {"gmatch", A("abc", "%1"), E("invalid capture index %1")},
  {"gmatch", A(nil, "a"), E("bad argument #1", "(string expected, got nil)")},
  {"gmatch", A("abc", "b", 1.5), E("bad argument #3", "(number has no integer representation)")},
  {"gsub", A("hello world", "o", "0"), A("hell0 w0rld", 2)},
  {"gsub", A("hello world", "(%w+)", "<%1>"), A("<hello> <world>", 2)},
  {"gsub", A("hello world", "%w+", "%0 %0"), A("hello hello world world", 2)},
  {"gsub", A("hello world", "(%w+) (%w+)", "%2 %1"), A("world hello", 1)},
  {"gsub", A("hello", "()ll()", "%1-%2"), A("he3-5o", 1)},
  {"gsub", A("abc", "b", "[%1]"), A("a[b]c", 1)},
  {"gsub", A("abc", "b", "%%"), A("a%c", 1)},
  {"gsub", A("abc", "b", "100%%"), A("a100%c", 1)},
  {"gsub", A("abc", "", "-"), A("-a-b-c-", 4)},
  {"gsub", A("abc", "%w*", "-"), A("-", 1)},
  {"gsub", A("abc", ".-", "-"), A("-a-b-c-", 4)},
  {"gsub", A("a,b,,c", ",*", "|"), A("|a|b|c|", 4)},
  {"gsub", A("abc", "b*", "X"), A("XaXcX", 3)},
  {"gsub", A("", "", "X"), A("X", 1)},
  {"gsub", A("", "x*", "X"), A("X", 1)},
  {"gsub", A("hello world", "^%w+", "X"), A("X world", 1)},
  {"gsub", A("aaa", "^a", "b"), A("baa", 1)},
  {"gsub", A("aaa", "^", "b"), A("baaa", 1)},
  {"gsub", A("aaa", "$", "!"), A("aaa!", 1)},
  {"gsub", A("aaa", "a$", "!"), A("aa!", 1)},
  {"gsub", A("  x  ", "^%s*(.-)%s*$", "%1"), A("x", 1)},
  {"gsub", A("abc", "b", 7), A("a7c", 1)},
  {"gsub", A("abc", "b", 1.5), A("a1.5c", 1)},
  {"gsub", A(12345, 3, 9), A("12945", 1)},
  {"gsub", A("abc", "x", "y"), A("abc", 0)},
  {"gsub", A("a.b.c", "%.", "%%"), A("a%b%c", 2)},
  {"gsub", A("THE (quick) fox", "%f[%a]%a+", "<%0>"), A("<THE> (<quick>) <fox>", 3)},
  {"gsub", A("f(a(b)) g(c)", "%b()", ""), A("f g", 2)},
  {"gsub", A("abab", "(a)(b)", "%2%1%0"), A("baabbaab", 2)},
  {"gsub", A("hello", "l", "L", 1), A("heLlo", 1)},
  {"gsub", A("hello", "l", "L", 0), A("hello", 0)},
  {"gsub", A("hello", "l", "L", -1), A("hello", 0)},
  {"gsub", A("hello", "l", "L", 100), A("heLLo", 2)},
  {"gsub", A("hello", "", "-", 2), A("-h-ello", 2)},
  {"gsub", A("hello", "l", "L", "1"), A("heLlo", 1)},
  {"gsub", A("hello", "l", "L", 1.0), A("heLlo", 1)},
  {"gsub", A("hello", "l", "L", math.mininteger), A("hello", 0)},
  {"gsub", A("hello world", "%w+", R.tab), A("HI world", 2)},
  {"gsub", A("abc one", "%w+", R.tab), A("12 1", 2)},
  {"gsub", A("abc", "()b", R.tab), A("atwoc", 1)},
  {"gsub", A("hello world", "(%w+)", R.tab, 1), A("HI world", 1)},
  {"gsub", A("x", "x", R.bad_tab), E("invalid replacement value (a table)")},
  {"gsub", A("hello world", "%w+", R.upper), A("HELLO WORLD", 2)},
  {"gsub", A("hello world", "(%w)(%w*)", R.concat), A("h+ello w+orld", 2)},
  {"gsub", A("hello", "()(l)()", R.concat), A("he3+l+44+l+5o", 2)},
  {"gsub", A("hello world", "%w+", R.keep), A("hello world", 2)},
  {"gsub", A("hello world", "%w+", R.no), A("hello world", 2)},
  {"gsub", A("hello", "", R.count), A("1h1e1l1l1o1", 6)},
  {"gsub", A("hello", "(h)(e)", R.count), A("2llo", 1)},
  {"gsub", A("hello", "()", R.typeof), A("numberhnumberenumberlnumberlnumberonumber", 6)},
  {"gsub", A("ab cd", "(%w)(%w)", R.swap), A("ba dc", 2)},
  {"gsub", A("hello", "l", R.bad), E("invalid replacement value (a table)")},
  {"gsub", A("hello", "l", R.yes), E("invalid replacement value (a boolean)")},
  {"gsub", A("hello", "l+", R.upper, 1), A("heLLo", 1)},
  {"gsub", A("abc", "b", "%"), E("invalid use of '%' in replacement string")},
  {"gsub", A("abc", "b", "x%"), E("invalid use of '%' in replacement string")},
  {"gsub", A("abc", "b", "%x"), E("invalid use of '%' in replacement string")},
  {"gsub", A("abc", "b", "%2"), E("invalid capture index %2")},
  {"gsub", A("abc", "(b)", "%2"), E("invalid capture index %2")},
  {"gsub", A("abc", "(b", "x"), A("axc", 1)},
  {"gsub", A("abc", "b"), E("bad argument #3", "(string/function/table expected, got no value)")},
  {"gsub", A("abc", "b", true), E("bad argument #3", "(string/function/table expected, got boolean)")},
  {"gsub", A("abc", "b", "x", 1.5), E("bad argument #4", "(number has no integer representation)")},
  {"gsub", A("abc", "b", "x", "z"), E("bad argument #4", "(number expected, got string)")},
  {"gsub", A(nil, "b", "x"), E("bad argument #1", "(string expected, got nil)")},
  {"gsub", A("abc", "[b", "x"), E("malformed pattern (missing ']')")},
  {"call", A(function() return ("hello world"):find("wor") end), A(7, 9)},
  {"call", A(function() return ("key = value"):match("^(%w+)%s*=%s*(%w+)$") end), A("key", "value")},
  {"call", A(function() return ("a b c"):gsub(" ", "_") end), A("a_b_c", 2)},
  {"call", A(function()
    local t = {}
    for k, v in ("a=1, b=22"):gmatch("(%w+)=(%w+)") do t[#t + 1] = k .. ":" .. v end
    return table.concat(t, ",")
  end), A("a:1,b:22")},
  {"call", A(function()
    local it = ("one two three"):gmatch("%a+")
    local a, b, c, d, e = it(), it(), it(), it(), it()
    return a, b, c, d, e
  end), A("one", "two", "three", nil, nil)},
  {"call", A(function()
    local n = 0
    for w in string.gmatch(string.rep("word ", 50), "%a+") do n = n + #w end
    return n
  end), A(200)},
}

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  if math.type(v) then return math.type(v) .. " " .. tostring(v) end
  return tostring(v)
end

local function showlist(t, from)
  local parts = {}
  for i = from or 1, t.n do parts[#parts + 1] = show(t[i]) end
  return "(" .. table.concat(parts, ", ") .. ")"
end

-- Whether packed lists a (from index afrom) and b hold the same values of the same subtypes.
local function same(a, afrom, b)
  if a.n - afrom + 1 ~= b.n then return false end
  for i = 1, b.n do
    local x, y = a[afrom + i - 1], b[i]
    if type(x) ~= type(y) or math.type(x) ~= math.type(y) or x ~= y then return false end
  end
  return true
end

-- Plain substring test that does not rely on the functions under test.
local function contains(s, part)
  for i = 1, #s - #part + 1 do
    if string.sub(s, i, i + #part - 1) == part then return true end
  end
  return false
end

-- Runs one case: pcall's packed results, the iterations of gmatch as the second value.
local function run(kind, args)
  if kind == "call" then return table.pack(pcall(args[1])) end
  if kind == "gmatch" then
    return table.pack(pcall(function()
      local it = string.gmatch(table.unpack(args, 1, args.n))
      local got = {n = 0}
      for _ = 1, 100 do
        local r = table.pack(it())
        if r[1] == nil then return got end
        got.n = got.n + 1
        got[got.n] = r
      end
      error("the iterator did not end", 0)
    end))
  end
  return table.pack(pcall(string[kind], table.unpack(args, 1, args.n)))
end

for i = 1, #cases do
  local kind, args, want = cases[i][1], cases[i][2], cases[i][3]
  local got = run(kind, args)
  local what = string.format("case %d: %s%s", i, kind, showlist(args))
  if want.err then
    if got[1] then error(what .. ": expected an error, got " .. showlist(got, 2), 0) end
    local msg = tostring(got[2])
    for k = 1, #want.err do
      local part = want.err[k]
      if not contains(msg, part) then
        error(what .. ": expected an error containing " .. show(part) .. ", got " .. show(msg), 0)
      end
    end
  elseif not got[1] then
    error(what .. ": unexpected error " .. show(tostring(got[2])), 0)
  elseif want.iter then
    local iters = got[2]
    if iters.n ~= want.iter.n then
      error(string.format("%s: expected %d iterations, got %d", what, want.iter.n, iters.n), 0)
    end
    for k = 1, iters.n do
      if not same(iters[k], 1, want.iter[k]) then
        error(string.format("%s: iteration %d: expected %s, got %s", what, k,
          showlist(want.iter[k]), showlist(iters[k])), 0)
      end
    end
  elseif not same(got, 2, want) then
    error(what .. ": expected " .. showlist(want) .. ", got " .. showlist(got, 2), 0)
  end
end

return #cases
