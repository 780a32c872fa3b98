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
            // The allocator charges no short string (made only when no equal one lives yet) and
            // no growth of the string table or the stack, which the collector shrinks: before it
            // did, a kept input's second presentation could charge a step less, and the CJK
            // fixture 128 steps more after every other one (the string table doubling).
            #expect(twice.steps == alone.steps, "\(fixture.file) presented twice: \(twice.steps) steps, alone \(alone.steps)")
            let later = try seasoned.present(fixture)
            let after = seasoned.chargesOfLastPresentation
            #expect(after.instructions == alone.instructions && after.steps == alone.steps, "\(fixture.file) after every other fixture: \(after.steps) steps, alone \(alone.steps)")
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

    /// What a rule file leaves in a global (a table, and what it reaches) is frozen as a local it
    /// keeps is: a rule that counts its presentations there is refused at the write, the first
    /// time, never counting on from the presentation before.
    @Test(arguments: ["COUNTS = { n = 0 }\n", "COUNTS = {}\nCOUNTS.n = 0\n", "NESTED = { inner = { n = 0 } }\nCOUNTS = NESTED.inner\n"])
    func aGlobalBuiltAtLoadIsFrozen(globals: String) throws {
        let copy = try TemporaryPack(files: ["badge.lua": globals + """
            return function(input)
              COUNTS.n = COUNTS.n + 1
              return { text = "Seen " .. COUNTS.n, tone = "neutral" }
            end

            """])
        let pack = try RulePack.load(from: copy.directory, displayPath: "rules/meetings")
        let fixture = try Fixture.load("fixtures/countdown-middle.json", in: pack.folder, manifest: pack.manifest)
        let presenter = try Presenter(pack: pack)
        for _ in 0..<3 {
            #expect(throws: PresentationError.self) { try presenter.present(fixture) }
            do {
                _ = try presenter.present(fixture)
            } catch {
                let problem = try #require(error.diagnostics().first)
                #expect(problem.file == "rules/meetings/badge.lua" && problem.message.contains("cannot set field 'n'"), "\(problem)")
            }
        }
    }

    /// What a presentation leaves in the state is gone before the next: after 2,000 states of
    /// texts never seen before (each measured, trimmed and memoised by the helpers), the state
    /// holds what it held after the first 50. So a batch's memory stays flat whatever its length.
    @Test func aStreamOfNewTextsLeavesNothingBehind() throws {
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent("meetings"))
        let text = try String(contentsOf: pack.folder.url.appendingPathComponent("fixtures/countdown-middle.json"), encoding: .utf8)
        #expect(text.contains("Design review") && text.contains("Studio"))
        let presenter = try Presenter(pack: pack)
        func present(_ index: Int) throws {
            let unique = text.replacingOccurrences(of: "Design review", with: "Design review of proposal \(index) with the onboarding team")
                .replacingOccurrences(of: "Studio", with: "Studio \(index * 7919)")
            _ = try presenter.present(Fixture.read(Data(unique.utf8), displayPath: "stream.json", manifest: pack.manifest))
        }
        for index in 0..<50 { try present(index) }
        presenter.lua.collectGarbage()
        let settled = presenter.memoryInUse
        for index in 50..<2050 { try present(index) }
        presenter.lua.collectGarbage()
        // Kept, each new text would add at least its own bytes: over 100 KB for these 2,000.
        #expect(presenter.memoryInUse <= settled + 16 * 1024, "\(settled) bytes after 50 states, \(presenter.memoryInUse) after 2,050")
    }
}
