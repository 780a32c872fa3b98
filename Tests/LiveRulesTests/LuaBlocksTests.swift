@testable import LiveRules
import Testing

/// The one reader of Lua's block structure, on every form of Lua 5.4 that opens or closes a
/// block, and the error explanations that read it.
@Suite struct LuaBlocksTests {
    /// `kind line:col [body line:col] [else line:col …] end line:col|open dN` for each block.
    static func blocks(_ source: String) -> [String] {
        let blocks = LuaBlocks(LuaToken.tokens(of: source))
        func at(_ index: Int) -> String { "\(blocks.tokens[index].line):\(blocks.tokens[index].column)" }
        return blocks.blocks.map { block in
            var text = "\(block.kind) \(at(block.opener))"
            if let body = block.body, body != block.opener { text += " body \(at(body))" }
            if !block.branches.isEmpty { text += " else " + block.branches.map(at).joined(separator: ",") }
            return text + " " + (block.closer.map { "end \(at($0))" } ?? "open") + " d\(block.depth)"
        }
    }

    static let cases: [(source: String, blocks: [String])] = [
        // A numeric `for`: its `do` ends the header.
        ("for i = 1, n do\n  x()\nend", ["for 1:1 body 1:14 end 3:1 d0"]),
        // A generic `for` holding a `do … end` of its own.
        ("for k, v in pairs(t) do\n  do local x = v end\nend", ["for 1:1 body 1:22 end 3:1 d0", "do 2:3 end 2:18 d1"]),
        // A `do` inside a function in a `while`'s condition is a block, not the loop's.
        ("while f(function() do end end) do\nend",
         ["while 1:1 body 1:32 end 2:1 d0", "function 1:9 end 1:27 d1", "do 1:20 end 1:23 d2"]),
        ("while a and b do\n  while c do end\nend", ["while 1:1 body 1:15 end 3:1 d0", "while 2:3 body 2:11 end 2:14 d1"]),
        // `until` closes `repeat`.
        ("repeat\n  local done = step()\nuntil done", ["repeat 1:1 end 3:1 d0"]),
        ("if a then\n  x = 1\nelseif b then\n  x = 2\nelse\n  x = 3\nend", ["if 1:1 body 1:6 else 3:1,5:1 end 7:1 d0"]),
        // `local function`, a function expression returned, a method with a dotted name.
        ("local function f(x)\n  return function() end\nend\nfunction M.a:b() end",
         ["function 1:7 end 3:1 d0", "function 2:10 end 2:21 d1", "function 4:1 end 4:18 d0"]),
        // Keywords in strings, long strings and comments; labels and goto.
        ("for i = 1, 3 do\n  if t[\"end\"] then goto continue end\n  s = [==[ do end ]==] -- end\n  --[[ until ]] ::continue::\nend",
         ["for 1:1 body 1:14 end 5:1 d0", "if 2:3 body 2:15 end 2:34 d1"]),
        // Left open: the function, and a `while` whose header never ends.
        ("function f()\n  for i = 1, n do\n    x()\nend", ["function 1:1 open d0", "for 2:3 body 2:16 end 4:1 d1"]),
        ("while x", ["while 1:1 open d0"]),
    ]

    @Test(arguments: cases.indices) func blocksOfEachForm(_ index: Int) {
        #expect(Self.blocks(Self.cases[index].source) == Self.cases[index].blocks)
    }

    @Test func unclosedBlocksAndUnexpectedClosers() {
        let open = LuaBlocks(LuaToken.tokens(of: "function f()\n  for i = 1, n do\n    while x do\nend"))
        #expect(open.unclosed.map { open.blocks[$0].kind } == [.function, .for])
        let stray = LuaBlocks(LuaToken.tokens(of: "x = 1 end else until"))
        #expect(stray.unexpected == [3, 4, 5] && stray.blocks.isEmpty)
    }

    @Test func depthsPutOpenersAndClosersOutside() {
        let blocks = LuaBlocks(LuaToken.tokens(of: "for i = 1, 2 do do x() end end return f"))
        #expect(blocks.depths == [0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 0, 0, 0])
        #expect(blocks.topLevelReturn == 13)
    }

    /// A local is seen to the end of its block or `if` branch; a `repeat`'s through its
    /// `until` condition.
    @Test func scopesEndWithTheirBlockOrBranch() {
        let repeated = LuaBlocks(LuaToken.tokens(of: "repeat local d = f() until d x = 1"))
        #expect(repeated.scopeEnd(at: 1) == 9)
        let branches = LuaBlocks(LuaToken.tokens(of: "if a then local b = 1 else local c = 2 end y = 3"))
        #expect(branches.scopeEnd(at: 3) == 7 && branches.scopeEnd(at: 8) == 12)
        #expect(branches.scopeEnd(at: 13) == branches.tokens.count)
    }

    @Test func theReturnedFunctionIsFoundByName() {
        let named = LuaBlocks(LuaToken.tokens(of: "local function rule(input) return 1 end\nreturn rule"))
        #expect(named.returnedFunction == 1)
        #expect(named.returns(ofFunctionAt: 1) == [6])
        #expect(LuaBlocks(LuaToken.tokens(of: "local rule = 1\nreturn rule")).returnedFunction == nil)
    }

    /// The `return` of a function in a `while`'s condition is not the rule's: the explanation
    /// of an output problem reads only the rule's own.
    @Test func theRuleReturnsOnlyItsOwnValues() throws {
        let source = """
            return function(input)
              while (function() do end return false end)() do
              end
              return { text = "x" }
            end
            """
        let sources = RuleSources(pack: ["badge.lua": source])
        let function = try #require(sources.returnedFunction(in: "badge.lua"))
        #expect(function.returns.map(\.line) == [4])
        #expect(function.end.line == 5)
    }

    /// Lua's message for a `for` left open, explained at its opening line.
    @Test func anUnclosedForIsExplainedAtItsLine() {
        let source = "local M = {}\nwhile true do\n  for i = 1, 2 do\n    M[i] = i\n  end\nend\nfor j = 1, 2 do\n  M[j] = j\nreturn M\n"
        let sources = RuleSources(pack: ["m.lua": source])
        let message = "'end' expected (to close 'for' at line 7) near <eof>"
        #expect(sources.missingCloser(message, in: "m.lua", at: sources.tokens(of: "m.lua").endIndex)
                == "missing 'end'? the 'for' at line 7, column 1 is not closed")
        let blocks = sources.blocks(of: "m.lua")
        #expect(blocks.unclosed.map { blocks.tokens[blocks.blocks[$0].opener].line } == [7])
    }
}
