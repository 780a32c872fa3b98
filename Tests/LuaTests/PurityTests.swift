import Foundation
import Testing
@testable import Lua

/// Pure chunks: no function may assign a local of the chunk's top level, whose value would
/// otherwise carry from one call to the next.
@Suite struct PurityTests {
    private func refusal(_ source: String, chunkName: String = "rules/demo/rule.lua") -> LuaError? {
        do {
            _ = try LuaState().load(source, chunkName: chunkName, pure: true)
            return nil
        } catch {
            return error
        }
    }

    @Test func aFunctionAssigningATopLevelLocalIsRefusedAtItsLine() throws {
        let error = try #require(refusal("""
            local count = 0
            return function(input)
              count = count + 1
              return count
            end
            """))
        guard case .syntax(let message, let location) = error else {
            Issue.record("not a syntax error: \(error)")
            return
        }
        #expect(location == SourceLocation(file: "rules/demo/rule.lua", line: 3))
        #expect(message.hasPrefix("a function assigns 'count', a local of the file's top level"))
        #expect(message.contains("would carry from one evaluation to the next"))
    }

    @Test func assignmentsThroughNestedFunctionsAreFound() throws {
        let error = try #require(refusal("""
            local seen, last = {}, nil
            local function remember(x)
              local function inner()
                last = x
              end
              inner()
            end
            return function(input) remember(input) return input end
            """))
        #expect(error.location?.line == 4)
        #expect(error.message.contains("'last'"))
        // The lowest line is reported when several functions assign.
        let first = try #require(refusal("local a, b = 1, 2\nlocal function f() b = 3 end\nlocal function g() a = 4 end\nreturn f"))
        #expect(first.location?.line == 2)
        #expect(first.message.contains("'b'"))
    }

    @Test func localsOfFunctionsAndTheTopLevelItselfMayBeAssigned() throws {
        let state = try LuaState()
        let rule = try state.load("""
            local limit = 3
            limit = limit + 1            -- the top level assigns its own local
            local function clamp(x)
              local best = x
              local function lower() best = math.min(best, limit) end  -- a local of clamp
              lower()
              return best
            end
            return function(x) local y = clamp(x); y = y * 2; return y end
            """, chunkName: "rules/demo/ok.lua", pure: true)
        let present = try state.call(rule, returning: LuaRef.self)
        #expect(try state.call(present, 10, returning: Int.self) == 8)
        #expect(try state.call(present, 1, returning: Int.self) == 2)
        // Without `pure`, the same counter loads and counts.
        let counter = try state.run("local n = 0\nreturn function() n = n + 1 return n end",
                                    chunkName: "host.lua", returning: LuaRef.self)
        #expect(try state.call(counter, returning: Int.self) == 1)
        #expect(try state.call(counter, returning: Int.self) == 2)
        #expect(state.stackDepth == 0)
    }

    @Test func largeChunksAreCheckedWhateverTheStringLimit() throws {
        // Its dump (about 10 KB) is far longer than the longest string a rule may make here, and
        // it is required while a chunk runs under the budgets: the dump is no string.
        let body = (1...1200).map { _ in "  x = x + 1" }.joined(separator: "\n")
        let source = "return function(x)\n\(body)\n  return x\nend"
        let impure = "local total = 0\n" + source.replacingOccurrences(of: "  return x", with: "  total = x\n  return x")
        let state = try LuaState(
            limits: LuaLimits(stringBytes: 1024),
            sandbox: LuaSandbox(modules: ["big.lua": source, "impure.lua": impure], chunkPrefix: "rules/demo"))
        #expect(try state.run("return require('big')(1)", chunkName: "m.lua", pure: true, returning: Int.self) == 1201)
        do {
            try state.run("return require('impure')(1)", chunkName: "m.lua")
            Issue.record("an impure module loaded")
        } catch {
            #expect(error.location == SourceLocation(file: "rules/demo/impure.lua", line: 1203), "\(error)")
        }
    }

    @Test func aPacksModulesMustBePureTheHostsAreTrusted() throws {
        let host = ["app/memo.lua": "local calls = 0\nreturn { call = function() calls = calls + 1 return calls end }"]
        let state = try LuaState(sandbox: LuaSandbox(
            modules: [
                "util.lua": "local hits = 0\nreturn { hit = function()\n  hits = hits + 1\n  return hits\nend }",
                "fine.lua": "local base = 40\nreturn { add = function(x) return base + x end }",
            ],
            chunkPrefix: "rules/demo", hostModules: host, hostModulePrefix: "app"))
        #expect(try state.run("return require('fine').add(2)", chunkName: "m.lua", returning: Int.self) == 42)
        #expect(try state.run("return require('app.memo').call()", chunkName: "m.lua", returning: Int.self) == 1)
        do {
            try state.run("return require('util').hit()", chunkName: "m.lua")
            Issue.record("an impure module loaded")
        } catch {
            #expect(error.location == SourceLocation(file: "rules/demo/util.lua", line: 3), "\(error)")
            #expect(error.message.contains("a function assigns 'hits'"))
        }
        #expect(state.stackDepth == 0)
    }
}
