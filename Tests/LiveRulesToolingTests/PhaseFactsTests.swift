import Foundation
import LiveRulesTooling
import TestPacks
import Testing

/// The facts a phase rule returns, read from its source.
@Suite struct PhaseFactsTests {
    @Test(arguments: [
        ("meetings", ["count", "first", "index", "last", "meeting", "next"]),
        ("match", ["newGoal", "status"]),
        ("delivery", ["courier", "eta", "etaKnown", "late", "lateExpected", "step", "veryLate"]),
    ])
    func theBundledPhaseRules(pack: String, facts: [String]) throws {
        let source = try String(contentsOf: Paths.root.appendingPathComponent("rules/\(pack)/phase.lua"), encoding: .utf8)
        #expect(PhaseFacts.names(in: source) == facts)
    }

    @Test func factsMadeSomeOtherWayAreUnknown() {
        #expect(PhaseFacts.names(in: "return function(input) return 'a', input.state end") == nil)
        #expect(PhaseFacts.names(in: "local function f() return {} end\nreturn function() return 'a', f() end") == [])
        #expect(PhaseFacts.names(in: "return function() local t = { a = 1 }\n t.b = 2\n return 'a', t end") == ["a", "b"])
        #expect(PhaseFacts.names(in: "return function() return 'a' end") == [])
        #expect(PhaseFacts.names(in: "return function() local t = { a = 1 }\n fill(t)\n return 'a', t end") == nil)
        #expect(PhaseFacts.names(in: "return function() local t = { a = 1 }\n local x = t.a\n f(t.a)\n return 'a', t end") == ["a"])
        #expect(PhaseFacts.names(in: "return function() local t = { a = 1 }\n t = other()\n return 'a', t end") == nil)
        #expect(PhaseFacts.names(in: "return function() local t = { a = 1 }\n local u = t\n u.b = 1\n return 'a', t end") == nil)
    }
}
