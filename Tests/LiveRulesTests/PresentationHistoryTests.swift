import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// A presentation's outcome depends on its pack and its input only, never on what the presenter
/// presented before: the budgets charge the rules the same instructions and C work on a fresh
/// presenter as on one that has presented every other fixture (its helpers' memos full), and
/// the same instructions as on one that presented this input just before (kept, its checked
/// view reused). So a rule near its instruction budget passes or fails alike.
@Suite struct PresentationHistoryTests {
    @Test(arguments: ["meetings", "match", "delivery"])
    func chargesDoNotDependOnWhatCameBefore(_ name: String) throws {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent(name))
        let fixtures = try FileManager.default.contentsOfDirectory(at: pack.folder.url.appendingPathComponent("fixtures"),
                                                                    includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
            .map { try Fixture.load(from: $0, displayPath: $0.lastPathComponent, manifest: pack.manifest) }
        #expect(fixtures.count >= 10)
        let seasoned = try Presenter(pack: pack)
        seasoned.metersInstructions = true
        for fixture in fixtures { _ = try seasoned.present(fixture) }
        for fixture in fixtures {
            let fresh = try Presenter(pack: pack)
            fresh.metersInstructions = true
            let first = try fresh.present(fixture)
            let alone = fresh.chargesOfLastPresentation
            #expect(try #require(alone.instructions) > 0)
            let again = try fresh.present(fixture)   // the same input: kept, memos full
            let twice = fresh.chargesOfLastPresentation
            #expect(twice.instructions == alone.instructions, "\(fixture.file) presented twice")
            // A kept input's second presentation can charge one step less on texts with long
            // strings (seen on one fixture of each pack): not yet found where.
            withKnownIssue("a kept input's C work can differ by a step", isIntermittent: true) {
                #expect(twice.steps == alone.steps, "\(fixture.file) presented twice: \(twice.steps) steps, alone \(alone.steps)")
            }
            let later = try seasoned.present(fixture)
            let after = seasoned.chargesOfLastPresentation
            #expect(after.instructions == alone.instructions && after.steps == alone.steps, "\(fixture.file) after every other fixture")
            #expect(again == first && later == first)
        }
    }

    /// The same, as an outcome: a badge rule that spends most of the instruction budget, then
    /// measures its texts through the helpers (whose memos a history would fill). The budget the
    /// rules just fit on a fresh presenter they fit after any history, and one instruction less
    /// fails after any history too.
    @Test func aRuleAtItsBudgetPassesOrFailsAlike() throws {
        let original = try TemporaryPack().read("badge.lua")
        let spending = original.replacingOccurrences(of: "return function(input)\n", with: """
            return function(input)
              local spent = 0
              for i = 1, 200000 do spent = spent + i end

            """)
        #expect(spending != original)
        let copy = try TemporaryPack(files: ["badge.lua": spending])
        let pack = try RulePack.load(from: copy.directory)
        let url = copy.directory.appendingPathComponent("fixtures/countdown-middle.json")
        let fixture = try Fixture.load(from: url, displayPath: "countdown-middle.json", manifest: pack.manifest)
        let metered = try Presenter(pack: pack)
        metered.metersInstructions = true
        _ = try metered.present(fixture)
        let needed = try #require(metered.chargesOfLastPresentation.instructions)
        #expect(needed > 300_000)
        // The least budget a fresh presenter passes with (the count hook's edge is within a few
        // instructions of the metered count).
        let least = try #require((needed - 3...needed + 3).first { budget in
            (try? Presenter(pack: pack, limits: LuaLimits(instructions: budget)).present(fixture)) != nil
        })
        for (budget, passes) in [(least, true), (least - 1, false)] {
            for history in [0, 1, 3] {
                let presenter = try Presenter(pack: pack, limits: LuaLimits(instructions: budget))
                for _ in 0..<history { _ = try? presenter.present(fixture) }
                let outcome = Result { () throws(PresentationError) in try presenter.present(fixture) }
                if passes {
                    #expect((try? outcome.get()) != nil, "budget \(budget) after \(history) presentations")
                } else if case .failure(let error) = outcome {
                    #expect("\(error)".contains("instruction budget"), "\(error)")
                } else {
                    Issue.record("budget \(budget) after \(history) presentations should fail")
                }
            }
        }
    }
}
