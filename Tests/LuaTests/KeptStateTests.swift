import Foundation
import Testing
@testable import Lua

/// State kept past loading: what a pack builds while it loads is shared by every presentation
/// after, so sealing refuses what would change as rules run — a function a factory made that
/// assigns a variable it keeps between calls, an iterator (whose position is its state) — and
/// freezes a table used as `_ENV`. Stock Lua runs each of these as a counter: 1, then 2, then 3.
@Suite struct KeptStateTests {
    /// One way to keep state: the rule file (`rules/demo/rule.lua`), the modules it requires
    /// (`rules/demo/<name>.lua`), and where and what sealing refuses.
    struct Variant: CustomTestStringConvertible, Sendable {
        let name: String
        let rule: String
        var modules: [String: String] = [:]
        let file: String
        let line: Int
        let message: String
        var testDescription: String { name }
    }

    static let refused: [Variant] = [
        Variant(name: "a factory's counter", rule: """
            local function make()
              local n = 0
              return function() n = n + 1 return n end
            end
            local tick = make()
            return function() return tick() end
            """, file: "rules/demo/rule.lua", line: 3,
            message: "a function made while the pack loaded (kept in 'tick') assigns 'n', which it keeps between calls"),
        Variant(name: "a counter assigned by a function the closure makes", rule: """
            local function make()
              local n = 0
              return function()
                local function bump() n = n + 1 end
                bump()
                return n
              end
            end
            local tick = make()
            return function() return tick() end
            """, file: "rules/demo/rule.lua", line: 4, message: "assigns 'n'"),
        Variant(name: "a closure kept in a table", rule: """
            local function make()
              local last = ""
              return function(x) local before = last; last = x; return before end
            end
            local memory = { swap = make() }
            return function(x) return memory.swap(x) end
            """, file: "rules/demo/rule.lua", line: 3, message: "assigns 'last'"),
        Variant(name: "a closure behind a metatable", rule: """
            local function make()
              local calls = 0
              return function() calls = calls + 1 return calls end
            end
            local counts = setmetatable({}, { __index = make() })
            return function() return counts.anything end
            """, file: "rules/demo/rule.lua", line: 3, message: "assigns 'calls'"),
        Variant(name: "a closure the rule returns", rule: """
            local function make()
              local n = 0
              return function() n = n + 1 return n end
            end
            return make()
            """, file: "rules/demo/rule.lua", line: 3, message: "a function made while the pack loaded assigns 'n'"),
        Variant(name: "a closure a module made", rule: """
            local counter = require "counter"
            return function() return counter.tick() end
            """, modules: ["counter.lua": """
            local function make()
              local n = 0
              return function()
                n = n + 1
                return n
              end
            end
            return { tick = make() }
            """], file: "rules/demo/counter.lua", line: 4, message: "assigns 'n'"),
        Variant(name: "a module's closure kept by the rule", rule: """
            local tick = require("counter").make()
            return function() return tick() end
            """, modules: ["counter.lua": """
            return { make = function()
              local n = 0
              return function() n = n + 1 return n end
            end }
            """], file: "rules/demo/rule.lua", line: 2,
            message: "the function defined here keeps 'tick', a function made while the pack loaded that assigns 'n' (rules/demo/counter.lua:3)"),
        Variant(name: "a function that replaces its _ENV", rule: """
            local function bump()
              _ENV = setmetatable({ n = 1 }, { __index = _ENV })
            end
            return function() bump() return 1 end
            """, file: "rules/demo/rule.lua", line: 2, message: "a function assigns '_ENV'"),
        Variant(name: "a gmatch iterator", rule: """
            local next_word = string.gmatch("one two three four", "%a+")
            return function() return next_word() end
            """, file: "rules/demo/rule.lua", line: 2,
            message: "the function defined here keeps 'next_word', an iterator (from pairs or string.gmatch)"),
        Variant(name: "a pairs iterator", rule: """
            local step = pairs({ a = 1, b = 2, c = 3 })
            return function() return (step()) end
            """, file: "rules/demo/rule.lua", line: 2, message: "keeps 'step', an iterator"),
        Variant(name: "an iterator in a table", rule: """
            local words = { next = string.gmatch("one two three", "%a+") }
            return function() return words.next() end
            """, file: "rules/demo/rule.lua", line: 2, message: "keeps 'words', an iterator"),
        Variant(name: "an iterator a module keeps", rule: """
            local words = require "words"
            return function() return words.next() end
            """, modules: ["words.lua": "return { next = string.gmatch('one two three', '%a+') }"],
            file: "rules/demo/rule.lua", line: 1, message: "a table built while the pack loaded holds an iterator"),
    ]

    @Test(arguments: refused)
    func sealingRefusesStateKeptPastLoading(_ variant: Variant) throws {
        let state = try LuaState(sandbox: LuaSandbox(modules: variant.modules, chunkPrefix: "rules/demo"))
        do {
            let rule = try state.run(variant.rule, chunkName: "rules/demo/rule.lua", pure: true, returning: LuaRef.self)
            try state.sealGlobals(freezing: [rule])
            Issue.record("\(variant.name) sealed")
        } catch {
            #expect(error.location?.file == variant.file, "\(error)")
            #expect(error.location?.line == variant.line, "\(error)")
            #expect(error.message.contains(variant.message), "\(error)")
        }
        #expect(state.stackDepth == 0)
    }

    /// What keeps nothing loads and runs: closures made at load that only read what they
    /// captured (as `decide.first` returns), functions assigning their own locals or those of
    /// the call that made them, iterators made inside the rule, library functions held in
    /// locals. Each call gives what the first gave.
    @Test func closuresThatOnlyReadAndIteratorsMadePerCallSeal() throws {
        let state = try LuaState(sandbox: LuaSandbox(chunkPrefix: "rules/demo"))
        let rule = try state.run("""
            local format, gmatch = string.format, string.gmatch
            local function threshold(limit)
              return function(x) return x >= limit end
            end
            local big = threshold(10)
            local function counter()
              local n = 0
              return function() n = n + 1 return n end   -- made per call: n is fresh each time
            end
            return function(x)
              local count = counter()
              count()
              local words = 0
              for _ in gmatch("a b c", "%a") do words = words + 1 end
              for _ in pairs({ 1, 2 }) do words = words + 1 end
              return format("%s %d %d", tostring(big(x)), count(), words)
            end
            """, chunkName: "rules/demo/rule.lua", pure: true, returning: LuaRef.self)
        try state.sealGlobals(freezing: [rule])
        for _ in 1...3 {
            #expect(try state.call(rule, 12, returning: String.self) == "true 2 5")
        }
        #expect(state.stackDepth == 0)
    }

    /// A table made the rule file's `_ENV` is frozen with the rest: a global assignment through
    /// it raises instead of counting.
    @Test func aTableUsedAsEnvIsFrozen() throws {
        let state = try LuaState(sandbox: LuaSandbox(chunkPrefix: "rules/demo"))
        let rule = try state.run("""
            local _ENV = { tostring = tostring }
            return function()
              count = (count or 0) + 1
              return tostring(count)
            end
            """, chunkName: "rules/demo/rule.lua", pure: true, returning: LuaRef.self)
        try state.sealGlobals(freezing: [rule])
        for _ in 1...2 {
            do {
                let count = try state.call(rule, returning: String.self)
                Issue.record("a global assignment counted: \(count)")
            } catch {
                #expect(error.location == SourceLocation(file: "rules/demo/rule.lua", line: 3), "\(error)")
                #expect(error.message.contains("cannot set field 'count'"), "\(error)")
            }
        }
        #expect(state.stackDepth == 0)
    }
}
