import CLua
import CLuaShim
import Foundation
import TestPacks
import Testing
@testable import Lua

/// Executable lines of chunks and line hits recorded while rules run. Expected line sets agree
/// with `luac5.4 -l -l` listings: every instruction's line except each function's last
/// instruction (its implicit return) and the VARARGPREP opening the main chunk.
@Suite struct CoverageTests {
    // MARK: Executable lines

    @Test func nestedFunctionsContributeTheirLines() throws {
        let state = try LuaState()
        let source = """
            local M = {}

            function M.add(a, b)
              return a + b
            end

            local function outer()
              local function inner(x)
                return x * 2
              end
              return inner(21)
            end

            return M
            """
        // 5, 10 and 12 hold the CLOSURE of the function ending there.
        #expect(try state.executableLines(of: source, chunkName: "m.lua") == [1, 3, 4, 5, 9, 10, 11, 12, 14])
        #expect(state.stackDepth == 0)
    }

    @Test func multiLineTablesStatementsAndBranches() throws {
        let state = try LuaState()
        let source = """
            local t = {
              a = 1,
              b = tostring(
                2,
                3),
              "x",
            }
            local s = "a" ..
              "b" ..
              tostring(t)
            if #s > 3 then
              s = "long"
            elseif #s > 1 then
              s = "short"
            else
              s = ""
            end
            return s
            """
        #expect(try state.executableLines(of: source, chunkName: "t.lua") == [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18])
        #expect(state.stackDepth == 0)
    }

    @Test func loops() throws {
        let state = try LuaState()
        let source = """
            local sum = 0
            for i = 1, 3 do
              sum = sum + i
            end
            while sum > 0 do
              sum = sum - 1
            end
            repeat
              sum = sum + 1
            until sum >= 2
            for k, v in pairs({}) do
            end
            return sum
            """
        #expect(try state.executableLines(of: source, chunkName: "l.lua") == [1, 2, 3, 5, 6, 9, 10, 11, 12, 13])
        #expect(state.stackDepth == 0)
    }

    /// The `end` of a function holds its implicit return (left out) and the enclosing function's
    /// CLOSURE (kept); the `end` of an `if` holds nothing.
    @Test func theImplicitReturnIsLeftOut() throws {
        let state = try LuaState()
        #expect(try state.executableLines(of: Self.explicitAndFalling, chunkName: "r.lua") == [1, 2, 3, 5, 6, 7, 8, 9, 11])
        // The main chunk's implicit return sits on its last token: an `end` holding nothing else.
        let chunk = "local x = 1\nif x then\n  x = 2\nend\n"
        #expect(try state.executableLines(of: chunk, chunkName: "c.lua") == [1, 2, 3])
        #expect(state.stackDepth == 0)
    }

    /// `return f { … }` is a TAILCALL followed by a RETURN the call returns for: the RETURN's
    /// line (here the closing brace) never runs, so it is not executable.
    @Test func theReturnAfterATailCallIsLeftOut() throws {
        let state = try LuaState()
        let chunk = "local function f(t) return t end\nreturn function()\n  return f {\n    a = 1,\n  }\nend\n"
        #expect(try state.executableLines(of: chunk, chunkName: "t.lua") == [1, 3, 4, 6])
        state.recordsCoverage = true
        let rule = try state.run(chunk, chunkName: "t.lua", returning: LuaRef.self)
        try state.call(rule)
        #expect(Set(state.coverage()["t.lua"]?.keys ?? [:].keys) == [1, 3, 4, 6])
    }

    /// 200 instructions in a row, then a 200-line gap: line information needs absolute entries
    /// (every 128 instructions, and for a jump of 128 lines or more).
    @Test func aLongFunctionWithAbsoluteLineInformation() throws {
        let state = try LuaState()
        let source = (["local function long(x)"]                     // 1: only VARARGPREP
            + Array(repeating: "  x = x + 1", count: 100)             // 2...101: 2 instructions each
            + Array(repeating: "  -- gap", count: 200)                // 102...301
            + ["  return x", "end", "return long"])                   // 302, 303, 304
            .joined(separator: "\n")
        let expected = Set(2...101).union([302, 303, 304])
        #expect(try state.executableLines(of: source, chunkName: "long.lua") == expected)
        #expect(state.stackDepth == 0)
    }

    @Test(arguments: ["", "-- only a comment\n", "\n\n"])
    func anEmptyChunkHasNoLines(source: String) throws {
        let state = try LuaState()
        #expect(try state.executableLines(of: source, chunkName: "e.lua") == [])
        #expect(state.stackDepth == 0)
    }

    @Test func everyLineOfAChunkThatRunsThroughIsHit() throws {
        let state = try LuaState()
        let source = """
            local t = {
              n = 1,
            }
            for i = 1, 2 do
              t.n = t.n * 2
            end
            return t.n
            """
        let lines = try state.executableLines(of: source, chunkName: "all.lua")
        state.recordsCoverage = true
        #expect(try state.run(source, chunkName: "all.lua", returning: Int.self) == 4)
        #expect(state.coverage() == ["all.lua": [1: 1, 2: 1, 4: 3, 5: 2, 7: 1]])
        #expect(Set(state.coverage()["all.lua", default: [:]].keys) == lines)
        #expect(state.stackDepth == 0)
    }

    @Test func syntaxErrorsAreThrownAndBinaryChunksRefused() throws {
        let state = try LuaState()
        #expect(throws: LuaError.syntax(message: "unexpected symbol near '='", location: SourceLocation(file: "s.lua", line: 2))) {
            _ = try state.executableLines(of: "local x = 1\nlocal y = = 2", chunkName: "s.lua")
        }
        #expect {
            _ = try state.executableLines(of: "\u{1b}Lua", chunkName: "b.lua")
        } throws: { error in
            guard case .syntax(let message, _) = error as? LuaError else { return false }
            return message.contains("attempt to load a binary chunk")
        }
        #expect(state.stackDepth == 0)
    }

    /// Every truncation of a dump, and every single corrupted byte, ends in a Lua error or in
    /// lines; never in a crash.
    @Test func malformedDumpsAreLuaErrors() throws {
        let state = try LuaState()
        let dump = try dump(of: Self.explicitAndFalling, in: state)
        #expect(try chunkLines(of: dump, in: state) == [1, 2, 3, 5, 6, 7, 8, 9, 11])
        for length in 0..<dump.count {
            #expect(throws: LuaError.self, "prefix of \(length) bytes") {
                _ = try chunkLines(of: Array(dump[..<length]), in: state)
            }
        }
        #expect(throws: LuaError.self) { _ = try chunkLines(of: dump + [0], in: state) }
        for index in dump.indices {
            for flip: UInt8 in [0x01, 0x80, 0xff] {
                var corrupted = dump
                corrupted[index] ^= flip
                do {
                    _ = try chunkLines(of: corrupted, in: state)
                } catch {
                    #expect(error.message.hasPrefix("malformed binary chunk ("), "byte \(index) ^ \(flip): \(error)")
                }
            }
        }
        #expect(state.stackDepth == 0)
    }

    // MARK: Hits

    @Test func hitsAreTheLinesARuleRan() throws {
        let state = try LuaState()
        try state.run(Self.classify, chunkName: "rules/meetings/badge.lua")
        let classify = try #require(state.global("classify"))
        state.recordsCoverage = true
        #expect(state.coverage() == [:])
        #expect(try state.call(classify, -1, returning: String.self) == "negative")
        #expect(state.coverage() == ["rules/meetings/badge.lua": [2: 1, 3: 1]])
        #expect(try state.call(classify, 5, returning: String.self) == "positive")
        #expect(state.coverage() == ["rules/meetings/badge.lua": [2: 2, 3: 1, 4: 1, 7: 1, 8: 1]])
        let executable = try state.executableLines(of: Self.classify, chunkName: "rules/meetings/badge.lua")
        #expect(executable == [1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 14, 16, 17])
        #expect(executable.subtracting(state.coverage()["rules/meetings/badge.lua", default: [:]].keys) == [1, 5, 9, 11, 12, 13, 14, 16, 17])
        #expect(state.stackDepth == 0)
    }

    /// A loop's line is hit on entry and on every jump back; a line a loop jumps back to is hit
    /// once per iteration.
    @Test func loopLinesAreHitPerIteration() throws {
        let state = try LuaState()
        try state.run(Self.classify, chunkName: "rules/total.lua")
        let total = try #require(state.global("total"))
        state.recordsCoverage = true
        #expect(try state.call(total, 3, returning: Int.self) == 6)
        #expect(state.coverage() == ["rules/total.lua": [12: 1, 13: 4, 14: 3, 16: 1]])
        state.resetCoverage()
        #expect(state.coverage() == [:])
        #expect(try state.call(total, 0, returning: Int.self) == 0)
        #expect(state.coverage() == ["rules/total.lua": [12: 1, 13: 1, 16: 1]])
        #expect(state.stackDepth == 0)
    }

    /// Defining a function hits its `end` line (the CLOSURE); calling it hits the `end` line
    /// again only when it falls off the end.
    @Test func onlyFallingOffTheEndHitsTheEndLine() throws {
        let state = try LuaState()
        state.recordsCoverage = true
        try state.run(Self.explicitAndFalling, chunkName: "r.lua")
        // CLOSURE (6), SETTABUP (1), CLOSURE (11), SETTABUP (7), the implicit return (11).
        #expect(state.coverage() == ["r.lua": [1: 1, 6: 1, 7: 1, 11: 2]])
        state.resetCoverage()
        let explicit = try #require(state.global("explicit"))
        let falls = try #require(state.global("falls"))
        for argument in [true, false] {
            #expect(try state.call(explicit, argument, returning: Int.self) == (argument ? 1 : 2))
            try state.call(falls, argument)
        }
        #expect(state.coverage() == ["r.lua": [2: 2, 3: 1, 5: 1, 8: 2, 9: 1, 11: 2]])
        #expect(state.stackDepth == 0)
    }

    @Test func requiredModulesAreKeyedByTheirChunkNames() throws {
        let root = TemporaryFolder.path("lua-coverage")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try "local M = {}\nfunction M.twice(x)\n  return 2 * x\nend\nreturn M\n"
            .write(to: root.appendingPathComponent("lib/math2.lua"), atomically: true, encoding: .utf8)
        let state = try LuaState(sandbox: LuaSandbox(moduleRoot: root, chunkPrefix: "rules/demo"))
        state.recordsCoverage = true
        let source = "local m = require('lib.math2')\nreturn m.twice(20) + m.twice(1)\n"
        #expect(try state.run(source, chunkName: "rules/demo/main.lua", returning: Int.self) == 42)
        #expect(state.coverage() == [
            "rules/demo/main.lua": [1: 1, 2: 1],
            // 1, 4 (CLOSURE), 2 (SETFIELD), 5 when loaded; 3 per call.
            "rules/demo/lib/math2.lua": [1: 1, 2: 1, 3: 2, 4: 1, 5: 1],
        ])
        #expect(state.stackDepth == 0)
    }

    @Test func nothingIsRecordedWithCoverageOff() throws {
        let state = try LuaState()
        #expect(state.recordsCoverage == false)
        try state.run(Self.classify, chunkName: "off.lua")
        #expect(state.coverage() == [:])
        state.recordsCoverage = true
        #expect(state.recordsCoverage == true)
        try state.run("local x = 1", chunkName: "on.lua")
        state.recordsCoverage = false
        try state.run(Self.classify, chunkName: "off.lua")
        #expect(state.coverage() == ["on.lua": [1: 1]])
        #expect(state.stackDepth == 0)
    }

    @Test func theInstructionBudgetStopsAnInfiniteLoopWithCoverageOn() throws {
        let state = try LuaState(limits: LuaLimits(instructions: 50_000))
        state.recordsCoverage = true
        #expect(throws: LuaError.budget(.instructions(50_000), location: SourceLocation(file: "b.lua", line: 2))) {
            try state.run("local x = 0\nwhile true do x = x + 1 end", chunkName: "b.lua")
        }
        // LOADI, then ADDI and JMP per turn (a successful ADDI skips its MMBINI): the count hook
        // raises at the 50,000th instruction, the ADDI of turn 25,000, before its line event.
        #expect(state.coverage() == ["b.lua": [1: 1, 2: 24_999]])
        state.resetCoverage()
        try state.run(Self.classify, chunkName: "after.lua")
        let total = try #require(state.global("total"))
        #expect(try state.call(total, 2, returning: Int.self) == 3)
        #expect(state.coverage()["after.lua"] == [1: 1, 9: 1, 11: 1, 17: 2, 12: 1, 13: 3, 14: 2, 16: 1])
        #expect(state.stackDepth == 0)
    }

    // MARK: Fixtures

    /// `classify` (1-9) returns from every branch; `total` (11-17) loops.
    static let classify = """
        function classify(n)
          if n < 0 then
            return "negative"
          elseif n == 0 then
            return "zero"
          end
          local label = "positive"
          return label
        end

        function total(n)
          local s = 0
          for i = 1, n do
            s = s + i
          end
          return s
        end
        """

    /// `explicit` (1-6) always returns explicitly; `falls` (7-11) falls off its end.
    static let explicitAndFalling = """
        function explicit(x)
          if x then
            return 1
          end
          return 2
        end
        function falls(x)
          if x then
            x = not x
          end
        end
        """

    /// The binary dump of `source` compiled, with debug information.
    private func dump(of source: String, in state: LuaState) throws -> [UInt8] {
        try state.pushChunk(source, chunkName: "r.lua")
        defer { lrs_pop(state.L, 1) }
        var bytes: [UInt8] = []
        _ = withUnsafeMutablePointer(to: &bytes) { buffer in
            lua_dump(state.L, { _, data, size, buffer in
                let bytes = buffer!.assumingMemoryBound(to: [UInt8].self)
                bytes.pointee += UnsafeRawBufferPointer(start: data, count: size)
                return 0
            }, buffer, 0)
        }
        return bytes
    }

    /// `lrs_chunklines` of `dump`, run through the protected-call path.
    private func chunkLines(of dump: [UInt8], in state: LuaState) throws(LuaError) -> Set<Int> {
        let L = state.L
        lua_pushcclosure(L, lrs_chunklines, 0)
        dump.withUnsafeBufferPointer { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        try state.protectedCall(arguments: 1, results: 1)
        defer { lrs_pop(L, 1) }
        var lines: Set<Int> = []
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            lines.insert(Int(lua_tointegerx(L, -2, nil)))
            lrs_pop(L, 1)
        }
        return lines
    }
}
