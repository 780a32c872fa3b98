import Foundation
import Testing
@testable import Lua

/// Loading, calling, errors and stack balance of one state.
@Suite struct LuaStateTests {
    @Test func runsAChunkAndDecodesItsResult() throws {
        let state = try LuaState()
        #expect(try state.run("return 1 + 2", chunkName: "t.lua", returning: Int.self) == 3)
        #expect(state.stackDepth == 0)
    }

    @Test func syntaxErrorsNameTheChunkAndLine() throws {
        let state = try LuaState()
        #expect {
            _ = try state.load("local x = 1\nlocal y = = 2\n", chunkName: "rules/meetings/badge.lua")
        } throws: { error in
            guard case .syntax(let message, let location) = error as? LuaError else { return false }
            return location == SourceLocation(file: "rules/meetings/badge.lua", line: 2)
                && message.contains("unexpected symbol")
        }
        #expect(state.stackDepth == 0)
    }

    /// The traceback comes apart from the message, never cut out of it: a message that reads
    /// like a traceback stays whole.
    @Test func theTracebackIsKeptApartFromTheMessage() throws {
        let state = try LuaState()
        let raise = try state.run("return function() error('a\\nstack traceback:\\nb') end", chunkName: "t.lua", returning: LuaRef.self)
        #expect {
            try state.call(raise)
        } throws: { error in
            guard case .runtime(let message, _, let traceback) = error as? LuaError else { return false }
            return message == "a\nstack traceback:\nb" && traceback.hasPrefix("stack traceback:\n") && traceback.contains("t.lua:1:")
        }
        #expect(state.stackDepth == 0)
    }

    @Test func runtimeErrorsCarryLocationAndTraceback() throws {
        let state = try LuaState()
        let source = "local function inner()\n  error('boom')\nend\nreturn function() inner() end\n"
        let outer = try state.run(source, chunkName: "rules/a.lua", returning: LuaRef.self)
        do {
            try state.call(outer)
            Issue.record("expected a runtime error")
        } catch let error {
            guard case .runtime(let message, let location, let traceback) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(message == "boom")
            #expect(location == SourceLocation(file: "rules/a.lua", line: 2))
            #expect(traceback.contains("rules/a.lua:4:"))
            #expect(error.description == "rules/a.lua:2: error: boom")
        }
        #expect(state.stackDepth == 0)
    }

    @Test func binaryChunksAreRefused() throws {
        let state = try LuaState()
        #expect {
            _ = try state.load("\u{1B}Lua\u{54}\u{00}", chunkName: "evil.lua")
        } throws: { error in
            guard case .syntax(let message, _) = error as? LuaError else { return false }
            return message.contains("binary chunk")
        }
    }

    @Test func errorValuesThatAreNotStringsAreNamedByType() throws {
        let state = try LuaState()
        let source = "error(setmetatable({}, { __tostring = function() error('nested') end }))"
        #expect {
            try state.run(source, chunkName: "e.lua")
        } throws: { error in
            guard case .runtime(let message, _, _) = error as? LuaError else { return false }
            return message == "(error object is a table value)"
        }
        #expect(state.stackDepth == 0)
    }

    @Test func globalsAndReferencesSurviveAcrossCalls() throws {
        let state = try LuaState()
        try state.run("function double(x) return x * 2 end", chunkName: "d.lua")
        let double = try #require(state.global("double"))
        #expect(try state.call(double, 21, returning: Int.self) == 42)
        #expect(state.global("missing") == nil)
        try state.setGlobal("answer", 42)
        #expect(try state.run("return answer", chunkName: "a.lua", returning: Int.self) == 42)
        #expect(state.stackDepth == 0)
    }

    @Test func aFunctionFromAnotherStateIsRefused() throws {
        let other = try LuaState()
        let function = try other.run("return function() return 1 end", chunkName: "o.lua", returning: LuaRef.self)
        let state = try LuaState()
        #expect(throws: LuaError.encoding(path: "", message: "the function belongs to another LuaState")) {
            try state.call(function)
        }
        #expect(state.stackDepth == 0)
    }

    @Test func theStackIsBalancedAfterEveryKindOfFailure() throws {
        let state = try LuaState(limits: LuaLimits(instructions: 10_000, memoryBytes: 2 << 20))
        try state.run("""
            function fails(kind)
              if kind == 'runtime' then error('no') end
              if kind == 'instructions' then while true do end end
              if kind == 'memory' then local t = {} for i = 1, 1e7 do t[i] = i end end
              if kind == 'steps' then return string.rep('x', 300):find(string.rep('.-', 4) .. 'y') end
              return 'not a number'
            end
            """, chunkName: "f.lua")
        let fails = try #require(state.global("fails"))
        for kind in ["runtime", "instructions", "memory", "steps", "decoding"] {
            #expect(throws: LuaError.self) { _ = try state.call(fails, kind, returning: Int.self) }
            #expect(state.stackDepth == 0, "after \(kind)")
        }
        #expect(throws: LuaError.self) { try state.call(fails, UInt64.max) }
        #expect(state.stackDepth == 0, "after encoding")
        #expect(throws: LuaError.self) { _ = try state.load("x = = 1", chunkName: "s.lua") }
        #expect(state.stackDepth == 0, "after syntax")
    }
}
