import Foundation
import Synchronization
import Testing
@testable import Lua

/// What rules can and cannot reach.
@Suite struct SandboxTests {
    /// Runs `source` in a fresh state and returns its result as a string.
    private func evaluate(_ source: String, sealed: Bool = false) throws -> String {
        let state = try LuaState()
        if sealed { try state.sealGlobals() }
        return try state.run(source, chunkName: "s.lua", returning: String.self)
    }

    /// The runtime error message `source` raises in a sealed state.
    private func failure(_ source: String) throws -> String {
        let state = try LuaState()
        try state.sealGlobals()
        do {
            try state.run(source, chunkName: "s.lua")
        } catch .runtime(let message, _, _) {
            return message
        }
        return "no error"
    }

    @Test(arguments: ["io", "os", "debug", "package", "dofile", "loadfile", "coroutine", "warn"])
    func dangerousGlobalsAreAbsent(name: String) throws {
        #expect(try evaluate("return type(\(name))") == "nil")
    }

    @Test func libraryFunctionsThatBreakPurityAreRemoved() throws {
        #expect(try evaluate("return type(string.dump)") == "nil")
        #expect(try evaluate("return type(math.random) .. type(math.randomseed)") == "nilnil")
        #expect(try evaluate("return type(string.format) .. type(table.sort) .. type(utf8.char)") == "functionfunctionfunction")
    }

    @Test func loadTakesTextOnly() throws {
        #expect(try evaluate("return load('return \"ok\"')()") == "ok")
        #expect(try evaluate("local f, e = load('\\27Lua') return e").contains("binary chunk"))
        #expect(try failure("load('return 1', 'n', 'b')").contains("binary chunks"))
        #expect(try failure("load(function() return nil end)").contains("text chunks"))
        #expect(try evaluate("local env = { x = 'inside' } return load('return x', 'n', 't', env)()") == "inside")
    }

    @Test func collectGarbageOnlyReads() throws {
        #expect(try evaluate("return type(collectgarbage('count'))") == "number")
        #expect(try failure("collectgarbage('stop')").contains("not allowed"))
        #expect(try failure("collectgarbage()").contains("not allowed"))
    }

    @Test func printGoesToTheHostLogger() throws {
        let lines = Mutex<[String]>([])
        let state = try LuaState(sandbox: LuaSandbox(log: { line in lines.withLock { $0.append(line) } }))
        try state.run("print('a', 1, nil, setmetatable({}, { __tostring = function() return 'T' end }))", chunkName: "p.lua")
        #expect(lines.withLock { $0 } == ["a\t1\tnil\tT"])
    }

    /// Lua runs finalizers with hooks off, so no budget could stop one: rules must not be able to
    /// create any, by any route.
    @Test func rulesCannotCreateFinalizers() throws {
        #expect(try failure("setmetatable({}, { __gc = function() end })").contains("__gc"))
        #expect(try failure("local mt = {} setmetatable({}, mt) mt.__gc = print setmetatable({}, mt)").contains("__gc"))
        #expect(try evaluate("return getmetatable(setmetatable({}, { x = 1 })).x == 1 and 'ok' or 'no'") == "ok")
        // A __gc added after setmetatable does not mark the table (Lua 5.4): its finalizer never
        // runs, not while the rule makes garbage, not when the state closes.
        let start = ContinuousClock.now
        do {
            let state = try LuaState()
            try state.run("""
                local mt = {}
                local doomed = setmetatable({}, mt)
                mt.__gc = function() while true do end end
                doomed = nil
                for i = 1, 20000 do local garbage = { i, tostring(i) } end
                """, chunkName: "gc.lua")
            state.collectGarbage()
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func theStringMetatableIsLocked() throws {
        #expect(try evaluate("return tostring(getmetatable(''))") == "false")
        #expect(try evaluate("return ('abc'):upper()") == "ABC")
    }

    @Test func sealedGlobalsRefuseWritesAndUndefinedReads() throws {
        #expect(try failure("x = 1") .contains("assignment to global 'x'"))
        #expect(try failure("return undefinedThing").contains("undefined global 'undefinedThing'"))
        #expect(try failure("string.upper = nil").contains("read-only table 'string'"))
        #expect(try failure("table.myHelper = 1").contains("read-only table 'table'"))
        #expect(try failure("rawset(_G, 'x', 1)").contains("read-only"))
        #expect(try failure("setmetatable(_G, nil)").contains("protected metatable"))
        #expect(try failure("_ENV.y = 2").contains("assignment to global 'y'"))
        #expect(try evaluate("local x = 1 return tostring(x + #string.format('%d', 10))", sealed: true) == "3")
        #expect(try evaluate("local n = 0 for k in pairs(math) do n = n + 1 end return n > 20 and 'ok' or 'no'", sealed: true) == "ok")
    }

    @Test func globalsDefinedBeforeSealingStayReadable() throws {
        let state = try LuaState()
        try state.run("helper = function() return 'h' end", chunkName: "pack.lua")
        try state.sealGlobals()
        #expect(try state.run("return helper()", chunkName: "rule.lua", returning: String.self) == "h")
        #expect(throws: LuaError.self) { try state.run("helper = nil", chunkName: "rule.lua") }
        #expect(try state.run("return helper()", chunkName: "rule.lua", returning: String.self) == "h")
        let helper = try #require(state.global("helper"))
        #expect(try state.call(helper, returning: String.self) == "h")
        #expect(state.global("undefinedThing") == nil)
        #expect(state.stackDepth == 0)
    }

    @Test func patternFunctionsKeepLuaSemantics() throws {
        let script = try #require(Bundle.module.url(forResource: "Resources/patterns", withExtension: "lua"))
        let state = try LuaState()
        try state.sealGlobals()
        let checked = try state.run(String(contentsOf: script, encoding: .utf8), chunkName: "patterns.lua", returning: Int.self)
        #expect(checked >= 150)
    }
}
