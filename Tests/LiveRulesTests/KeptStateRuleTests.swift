import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// No presentation leaves anything for the next: a pack whose rules keep state past loading
/// (a factory's counter, an iterator, a helper's iterator) fails to set up, through a
/// presenter and the rule engine alike, naming the rule file; a pack that only reads what it
/// built presents every fixture the same whatever came before it, in both orders.
@Suite struct KeptStateRuleTests {
    /// A badge rule that keeps `prelude` at its top level and appends `count` to the badge.
    private static func badge(_ prelude: String, _ count: String) -> String {
        """
        local badges = require "badges"
        \(prelude)
        return function(input)
          local case = badges.of(input)
          return { text = case.text .. tostring(\(count)), tone = case.tone }
        end
        """
    }

    struct Variant: CustomTestStringConvertible, Sendable {
        let name: String
        let badge: String
        let place: String
        let message: String
        var testDescription: String { name }
    }

    static let refused: [Variant] = [
        Variant(name: "a factory's counter", badge: badge("""
            local function make() local n = 0; return function() n = n + 1; return n end end
            local tick = make()
            """, "tick()"), place: "rules/meetings/badge.lua:2:", message: "assigns 'n'"),
        Variant(name: "a gmatch iterator", badge: badge(
            "local letter = string.gmatch(string.rep('abcdefghij', 10), '%a')", "letter()"),
            place: "rules/meetings/badge.lua:3:", message: "keeps 'letter', an iterator"),
        Variant(name: "a pairs iterator", badge: badge(
            "local step = pairs({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 })", "(step())"),
            place: "rules/meetings/badge.lua:3:", message: "keeps 'step', an iterator"),
        Variant(name: "a helper table's iterator", badge: badge(
            "local step = pairs(require('liverules.placements').ids)", "(step())"),
            place: "rules/meetings/badge.lua:3:", message: "keeps 'step', a function made while the pack loaded that assigns 'i'"),
    ]

    @Test(arguments: refused)
    func aRuleKeepingStateFailsToSetUp(_ variant: Variant) throws {
        let temporary = try TemporaryPack(files: ["badge.lua": variant.badge])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        do {
            _ = try Presenter(pack: pack)
            Issue.record("\(variant.name): the pack set up")
        } catch {
            #expect(error.description.hasPrefix(variant.place), "\(error)")
            #expect(error.description.contains(variant.message), "\(error)")
        }
        let engine = RuleEngine(statesPerVersion: 1)
        #expect(throws: PresentationError.self) { try engine.load(temporary.directory, displayPath: "rules/meetings") }
        #expect(engine.version(named: "meetings") == nil)
    }

    /// Closures made at load that only read, in a badge rule: each fixture presented after all
    /// the others, forwards and backwards, gives what a fresh presenter gives it.
    @Test func everyFixturePresentsTheSameInBothOrders() throws {
        let temporary = try TemporaryPack(files: ["badge.lua": Self.badge("""
            local function suffix(mark) return function(text) return mark .. #text end end
            local tag = suffix(" #")
            """, "tag(case.text)")])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let names = try FileManager.default.contentsOfDirectory(atPath: temporary.directory.appendingPathComponent("fixtures").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 30)
        let fixtures = try names.map { name in
            try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/\(name)"), displayPath: name,
                             manifest: pack.manifest)
        }
        let fresh = try fixtures.map { try Presenter(pack: pack).present($0) }
        #expect(fresh.allSatisfy { $0.badge.text.contains(" #") == true })
        for order in [Array(fixtures.indices), fixtures.indices.reversed()] {
            let presenter = try Presenter(pack: pack)
            for _ in 1...2 {
                for index in order {
                    #expect(try presenter.present(fixtures[index]) == fresh[index], "\(names[index])")
                }
            }
        }
    }
}
