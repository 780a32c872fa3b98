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

    /// `load` is absent too: compiling code at run time would bypass the pure-chunk check, let a
    /// chunk name another file in its errors, and parse work the hook cannot see.
    @Test(arguments: ["io", "os", "debug", "package", "dofile", "loadfile", "load", "coroutine", "warn"])
    func dangerousGlobalsAreAbsent(name: String) throws {
        #expect(try evaluate("return type(\(name))") == "nil")
    }

    @Test func libraryFunctionsThatBreakPurityAreRemoved() throws {
        #expect(try evaluate("return type(string.dump)") == "nil")
        #expect(try evaluate("return type(math.random) .. type(math.randomseed)") == "nilnil")
        #expect(try evaluate("return type(string.format) .. type(table.sort) .. type(utf8.char)") == "functionfunctionfunction")
    }

    /// What the collector reports changes with its timing, which no output may show.
    @Test func collectGarbageIsRefused() throws {
        #expect(try failure("return collectgarbage('count')").contains("collectgarbage('count') is not allowed"))
        #expect(try failure("collectgarbage('stop')").contains("not allowed"))
        #expect(try failure("collectgarbage()").contains("not allowed"))
    }

    @Test func printGoesToTheHostLogger() throws {
        let lines = Mutex<[String]>([])
        let state = try LuaState(sandbox: LuaSandbox(log: { line in lines.withLock { $0.append(line) } }))
        try state.run("print('a', 1, nil, setmetatable({}, { __tostring = function() return 'T' end }))", chunkName: "p.lua")
        #expect(lines.withLock { $0 } == ["a\t1\tnil\tT"])
    }

    /// Lua runs finalizers with hooks off, so no budget could stop one; weak tables show the
    /// collector's timing and make its atomic phase quadratic. Rules can create neither: the
    /// metatable given may not have them, and a table keeps a copy of its metatable made when it
    /// was set (its twin), so fields added later never take effect.
    @Test func rulesCannotCreateFinalizersOrWeakTables() throws {
        #expect(try failure("setmetatable({}, { __gc = function() end })").contains("__gc"))
        #expect(try failure("setmetatable({}, { __mode = 'k' })").contains("weak tables (__mode)"))
        #expect(try failure("setmetatable({}, { __call = {} })").contains("__call must be a function"))
        #expect(try evaluate("local mt = {} local t = setmetatable({}, mt) mt.__index = { late = 1 } return tostring(t.late)") == "nil")
        #expect(try evaluate("local mt = {} local t = setmetatable({}, mt) return tostring(getmetatable(t) == mt)") == "true")
        #expect(try evaluate("local mt = setmetatable({}, { __index = { inherited = 'yes' } }) local t = setmetatable({}, { __index = mt }) return t.inherited") == "yes")
        #expect(try failure("local t = setmetatable({}, { __metatable = 'locked' }) setmetatable(t, {})").contains("protected metatable"))
        #expect(try evaluate("local t = setmetatable({}, { __metatable = 'locked' }) return getmetatable(t)") == "locked")
        #expect(try failure("local t = setmetatable({}, {}) getmetatable(t).__call = t return t()").contains("attempt to call a table value"))
        // A __gc added later is never registered: not while the rule makes garbage, not in a
        // full collection, not when the state closes. Were it run, it would tell the host.
        let finalized = Mutex(0)
        do {
            let state = try LuaState()
            state.register("finalized") { _ in finalized.withLock { $0 += 1 } }
            try state.run("""
                local mt = {}
                local doomed = setmetatable({}, mt)
                mt.__gc = function() finalized() end
                doomed = nil
                for i = 1, 20000 do local garbage = { i, tostring(i) } end
                """, chunkName: "gc.lua")
            state.collectGarbage()
            #expect(finalized.withLock { $0 } == 0, "run by the collector")
        }
        #expect(finalized.withLock { $0 } == 0, "run when the state closed")
    }

    /// tostring, print and string.format show no address: output cannot change with where the
    /// allocator put a table.
    @Test func textShowsNoAddresses() throws {
        #expect(try evaluate("return tostring({}) .. ' ' .. tostring(print) .. ' ' .. string.format('%s', {})") == "table function table")
        #expect(try evaluate("return tostring(setmetatable({}, { __name = 'Point' }))") == "Point")
        #expect(try failure("return string.format('%p', {})").contains("'%p' is not allowed"))
    }

    /// pairs and next visit keys in one order, whatever the state's hash seed: numbers, then
    /// strings by bytes, then false and true.
    @Test func pairsAndNextFollowTheDefinedOrder() throws {
        let source = """
            local t = { z = 1, a = 2, [10] = 3, [2] = 4, [1.5] = 5, [true] = 6, [false] = 7, B = 8, ab = 9 }
            local viaPairs, viaNext = {}, {}
            for k in pairs(t) do viaPairs[#viaPairs + 1] = tostring(k) end
            local k = next(t)
            while k ~= nil do viaNext[#viaNext + 1] = tostring(k) k = next(t, k) end
            return table.concat(viaPairs, ' ') .. ' | ' .. table.concat(viaNext, ' ')
            """
        #expect(try evaluate(source) == "1.5 2 10 B a ab z false true | 1.5 2 10 B a ab z false true")
        #expect(try failure("for k in pairs({ [{}] = 1 }) do end").contains("no defined order"))
        #expect(try failure("return next({ a = 1 }, 'nope')").contains("invalid key to 'next'"))
    }

    /// Freezing: what the chunks built while loading is read-only once the globals are sealed,
    /// through upvalues, nested tables and metatables; classes built then still work.
    @Test func dataBuiltAtLoadIsFrozen() throws {
        let state = try LuaState()
        try state.run("""
            local counter = { n = 0, nested = { 1, 2, 3 } }
            local Class = {} Class.__index = Class
            function Class:get() return self.v end
            function bump() counter.n = counter.n + 1 return counter.n end
            function poke() counter.nested[1] = 9 end
            function sneak() rawset(counter, 'n', 5) end
            function use() local o = setmetatable({ v = 7 }, Class) return o:get() + #counter.nested end
            """, chunkName: "load.lua")
        try state.sealGlobals()
        for (name, message) in [("bump", "cannot set field 'n'"), ("poke", "cannot set field '1'"), ("sneak", "read-only")] {
            let function = try #require(state.global(name))
            do throws(LuaError) {
                try state.call(function)
                Issue.record("\(name) changed data built at load")
            } catch {
                #expect(error.message.contains(message), "\(error)")
            }
        }
        #expect(try state.call(try #require(state.global("use")), returning: Int.self) == 10)
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
