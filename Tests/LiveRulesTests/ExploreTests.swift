import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// `liverules explore`: states generated from a pack's schema, checked against the host's
/// promises and the pack's own (`promises.lua`), shrunk when they break one.
@Suite struct ExploreTests {
    /// The meetings pack with `files` replaced.
    private func meetings(_ files: [String: String?] = [:]) throws -> RulePack {
        try RulePack.load(from: TemporaryPack(files: files).directory, displayPath: "rules/meetings")
    }

    /// The same seed gives the same states and the same findings; another seed other states.
    @Test func aSeedGivesTheSameStatesEverywhere() throws {
        let schema = try meetings().manifest.schema
        var first = StateGenerator(schema: schema, seed: 7), again = StateGenerator(schema: schema, seed: 7)
        var other = StateGenerator(schema: schema, seed: 8)
        let states = (0..<200).map { _ in first.next() }
        #expect(states == (0..<200).map { _ in again.next() })
        #expect(states != (0..<200).map { _ in other.next() })
        // Every state is one the app could send: it reads against the schema.
        let manifest = try meetings().manifest
        for state in states {
            let text = try JSONWriter.compact(state)
            #expect(throws: Never.self, "\(text)") { try Fixture.read(Data(text.utf8), displayPath: "explored.json", manifest: manifest) }
        }
    }

    /// The generator reaches the places rules break: no meeting, one and 50; texts that are
    /// long, CJK, emoji and right-to-left; optional members missing; `now` exactly at a start.
    @Test func statesReachWhereRulesBreak() throws {
        var generator = StateGenerator(schema: try meetings().manifest.schema, seed: 1)
        var counts: Set<Int> = [], titles: Set<String> = [], missingLocation = false, atAStart = false
        for _ in 0..<2000 {
            guard case .object(let fixture) = generator.next(), case .object(let state)? = fixture["state"],
                  case .array(let list)? = state["meetings"], case .string(let now)? = fixture["now"] else { continue }
            counts.insert(list.count)
            for case .object(let meeting) in list {
                if case .string(let title)? = meeting["title"] { titles.insert(title) }
                missingLocation = missingLocation || meeting["location"] == nil
                atAStart = atAStart || meeting["start"] == .string(now)
            }
        }
        #expect(counts.isSuperset(of: [0, 1, 50]))
        #expect(titles.isSuperset(of: ["四半期の事業計画レビュー会議", "🚀 Launch 🎉 party 🥳", "اجتماع الفريق الأسبوعي", ""]))
        #expect(missingLocation && atAStart)
    }

    /// A planted bug: a combo that drops the next meeting's countdown when the next title is
    /// long. Explore finds it within its default budget, names the promise's line and the
    /// placement, and shrinks the state to at most two meetings.
    @Test func aPlantedBugIsFoundAndShrunk() throws {
        let original = try TemporaryPack().read("layout.lua")
        let planted = original.replacingOccurrences(of: "  local texts, glance = content.of(input)\n", with: """
              local texts, glance = content.of(input)
              local following = input.facts["next"]
              if input.phase == "combo" and following and #following.title > 30 then texts.nextCountdown = nil end

            """)
        #expect(planted != original)
        let findings = try Explorer(pack: meetings(["layout.lua": planted])).explore(seed: 1, count: 1000)
        let combo = try #require(findings.first { $0.failure.property == "promise" && $0.failure.message == "nextCountdown is not shown" },
                                 "\(findings.map(\.failure))")
        let promises = try TemporaryPack().read("promises.lua")
        let line = try #require(promises.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("shows = \"nextCountdown\"") }) + 1
        #expect(combo.failure.file == "rules/meetings/promises.lua" && combo.failure.line == line, "\(combo.failure)")
        #expect(["lockScreen", "islandExpanded"].contains(combo.failure.placement ?? ""))
        guard case .object(let fixture) = combo.fixture, case .object(let state)? = fixture["state"],
              case .array(let list)? = state["meetings"] else {
            Issue.record("not a fixture: \(combo.fixture)")
            return
        }
        #expect(list.count <= 2, "\(combo.fixture)")
        // The shrunk state still breaks it, and the pack without the bug keeps it there.
        #expect(try Explorer(pack: meetings(["layout.lua": planted])).failures(of: combo.fixture).contains { $0.key == combo.failure.key })
        #expect(try !Explorer(pack: meetings()).failures(of: combo.fixture).contains { $0.property == "promise" })
    }

    /// The host's promises hold for every pack with nothing to write: a pack whose minimal view
    /// shows nothing breaks `placement-not-empty`; a field both shown and dropped breaks
    /// `shown-or-dropped`; a rule that fails on a valid state breaks `rules-never-fail`.
    @Test func theHostsPromisesNeedNothingWritten() throws {
        let layout = try TemporaryPack().read("layout.lua")
        let empty = layout.replacingOccurrences(of: "progress = { \"progress\" }, combo = { \"progress\" }, countdown = { \"progress\" }, upcoming = { \"startTime\" },",
                                                with: "progress = {}, combo = {}, countdown = {}, upcoming = {},")
        #expect(empty != layout)
        let found = try Explorer(pack: meetings(["layout.lua": empty, "promises.lua": nil])).explore(seed: 1, count: 100)
        #expect(found.contains { $0.failure.property == "placement-not-empty" && $0.failure.placement == "islandMinimal" }, "\(found.map(\.failure))")
        let failing = try TemporaryPack().read("badge.lua").replacingOccurrences(
            of: "return function(input)\n", with: "return function(input)\n  if #input.state.meetings > 40 then error('too many') end\n")
        let failed = try Explorer(pack: meetings(["badge.lua": failing, "promises.lua": nil])).explore(seed: 1, count: 300)
        let failure = try #require(failed.first { $0.failure.property == "rules-never-fail" })
        #expect(failure.failure.message.hasPrefix("rules/meetings/badge.lua:") && failure.failure.message.contains("too many"), "\(failure.failure)")
    }

    /// A promises file that is wrong is an error at its line when explore sets the pack up.
    @Test func aBrokenPromisesFileIsAnErrorAtItsLine() throws {
        let broken = "local promise = require 'liverules.promise'\nlocal promises = promise.cases(function(input) return input end, {\n  { placements = 'lockScreen' },\n})\nreturn promises\n"
        let pack = try meetings(["promises.lua": broken])
        do {
            _ = try Explorer(pack: pack)
            Issue.record("the promises were taken")
        } catch {
            let problem = try #require(error.diagnostics().first)
            #expect(problem.file == "rules/meetings/promises.lua" && problem.line == 2 && problem.message.contains("row 1: promises nothing"), "\(problem)")
        }
    }
}
