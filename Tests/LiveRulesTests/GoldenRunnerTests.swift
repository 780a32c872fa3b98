import Foundation
@testable import LiveRules
@testable import LiveRulesTooling
import Lua
import TestPacks
import Testing

/// Running golden cases: outcomes, parallel workers, recording, reports.
@Suite struct GoldenRunnerTests {
    /// A copy of the meetings pack where fixture `countdown-last`'s output changes (the badge
    /// reads "Final up"), `upcoming-first` has no golden, `broken` is invalid JSON, `tomorrow`
    /// breaks the schema and `late-notice-2-min` makes a rule fail.
    private func brokenPack() throws -> TemporaryPack {
        let pack = try TemporaryPack()
        var badges = try pack.read("badges.lua")
        badges = badges.replacingOccurrences(of: "text = \"Last up\"", with: "text = \"Final up\"")
        let content = try pack.read("content.lua").replacingOccurrences(
            of: "    elseif not time.reached(now, notice.sentAt + CONFIRMATION_TIME) then",
            with: "    elseif now - notice.sentAt == 120 then error(\"two minutes exactly\")\n"
                + "    elseif not time.reached(now, notice.sentAt + CONFIRMATION_TIME) then")
        return try TemporaryPack(files: [
            "badges.lua": badges,
            "content.lua": content,
            "golden/upcoming-first.json": nil,
            "fixtures/broken.json": "{\n  \"now\": 12,\n",
            "fixtures/tomorrow.json": """
                {"now": "2026-03-02T09:00:00Z", "attributes": {"timeZone": "UTC"},
                 "state": {"meetings": [{"id": "a", "title": "A", "start": "tomorrow", "end": "2026-03-02T10:00:00Z"}]}}
                """,
            "golden/gone.json": "{}\n",
        ])
    }

    private func cases(_ pack: TemporaryPack) -> GoldenSuite {
        GoldenSuite.discover([pack.directory.path])
    }

    @Test func theBundledPacksPass() {
        let suite = GoldenSuite.discover([Paths.rules.path])
        #expect(suite.cases.count >= 45)
        #expect(suite.orphans.isEmpty && suite.pending.isEmpty)
        let results = GoldenRunner().run(suite.cases)
        #expect(results.count == suite.cases.count)
        let failed = results.filter { !$0.outcome.isPassed }.map(\.testCase.id)
        #expect(failed.isEmpty, "\(failed)")
    }

    @Test func theBundledPacksRunEveryLineOfTheirRules() throws {
        let suite = GoldenSuite.discover([Paths.rules.path])
        let run = GoldenRunner(recordsCoverage: true).runRecording(suite.cases)
        let packs = PackFinder.packs(at: Paths.rules).map { ($0, Paths.rules.path + "/" + $0.lastPathComponent) }
        let files = try RuleCoverage.of(packs: packs, hits: run.coverage)
        #expect(files.count >= 21)
        for file in files {
            #expect(file.uncovered.isEmpty, "\(file.file): uncovered \(file.uncoveredRanges)")
            #expect(!file.executable.isEmpty, "\(file.file) has no executable lines")
        }
    }

    /// A case the deadline stops is UNDECIDED, not ERROR: the machine decided it, so the report
    /// keeps it apart and says so. Comparing 8 KB strings of NUL bytes is work no counted
    /// budget reaches (tens of microseconds per comparison), certain to outlast 20 ms.
    @Test func aCaseStoppedByTheDeadlineIsUndecided() throws {
        let pack = try TemporaryPack(files: ["relevance.lua": """
            local a, b = string.rep("\\0", 8000), string.rep("\\0", 8000)
            return function(input)
              if input.phase == "done" then repeat until a < b end
              return { score = 1, alert = false }
            end
            """])
        let suite = cases(pack)
        let results = GoldenRunner(workers: 2, limits: LuaLimits(deadline: .milliseconds(20))).run(suite.cases)
        let undecided = results.filter { if case .undecided = $0.outcome { true } else { false } }
        #expect(!undecided.isEmpty)
        for result in undecided {
            #expect(result.outcome.label == "UNDECIDED")
            let problem = try #require(result.outcome.problems?.first)
            #expect(problem.file == result.testCase.packPath + "/relevance.lua" && problem.line == 3, "\(problem)")
            #expect(problem.message.contains("depends on the machine's speed"))
        }
        #expect(!results.contains { if case .failed = $0.outcome { true } else { false } }, "the other cases only changed")
        let report = GoldenReport(results: results, orphans: [], pending: [], mode: .check)
        #expect(report.undecided == undecided.count)
        #expect(report.isFailure)
        let text = report.text(colour: false)
        #expect(text.contains("UNDECIDED \(undecided.count) cases fail with the same error: \(undecided.map(\.testCase.id).joined(separator: ", "))"))
        #expect(text.contains("\(undecided.count) of the failed cases were stopped by the deadline before any counted budget ran out"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(json["undecided"] as? Int == undecided.count)
        let outcomes = (json["cases"] as? [[String: Any]] ?? []).compactMap { $0["outcome"] as? String }
        #expect(outcomes.filter { $0 == "undecided" }.count == undecided.count)
    }

    @Test func coverageNamesTheLinesNoFixtureRan() throws {
        let pack = try TemporaryPack(files: ["relevance.lua": """
            local SCORE = { progress = 100, combo = 100, countdown = 80, upcoming = 50, done = 0 }
            return function(input)
              if input.phase == "finished" then
                return { score = 1, alert = true }
              end
              return { score = SCORE[input.phase], alert = false }
            end
            """])
        let suite = cases(pack)
        let display = try #require(suite.cases.first?.packPath)
        let run = GoldenRunner(recordsCoverage: true).runRecording(suite.cases)
        let files = try RuleCoverage.of(packs: [(pack.directory, display)], hits: run.coverage)
        let relevance = try #require(files.first { $0.file == display + "/relevance.lua" })
        #expect(relevance.executable == [1, 3, 4, 6, 7], "line 2 holds no instruction: the closure is made at its `end`")
        #expect(relevance.uncovered == [4])
        #expect(relevance.uncoveredRanges == "4")
        #expect(relevance.percent == 80)
        let report = GoldenReport(results: run.results, orphans: [], pending: [], mode: .check, coverage: files, minimumCoverage: 90)
        #expect(report.belowMinimum.map(\.file) == [display + "/relevance.lua"])
        #expect(report.isFailure)
        #expect(report.text(colour: false).contains("/relevance.lua    80.0%  uncovered: 4\n"))
    }

    @Test func everyKindOfFailureIsAResultAndTheOthersStillRun() throws {
        let pack = try brokenPack()
        let suite = cases(pack)
        #expect(suite.orphans == [pack.directory.path + "/golden/gone.json"])
        let results = GoldenRunner(workers: 2).run(suite.cases)
        #expect(results.map(\.testCase.name) == suite.cases.map(\.name), "results keep the order of the cases")
        func outcome(_ name: String) -> GoldenOutcome? { results.first { $0.testCase.name == name }?.outcome }
        guard case .changed(let expected, let actual)? = outcome("countdown-last") else {
            Issue.record("countdown-last: \(String(describing: outcome("countdown-last")))")
            return
        }
        #expect(expected.contains("\"Last up\"") && actual.contains("\"Final up\""))
        guard case .missing? = outcome("upcoming-first") else { Issue.record("upcoming-first"); return }
        guard case .failed(let invalid)? = outcome("broken") else { Issue.record("broken"); return }
        #expect(invalid.first?.description.hasPrefix(pack.directory.path + "/fixtures/broken.json:3:1: error: invalid JSON") == true, "\(invalid)")
        guard case .failed(let schema)? = outcome("tomorrow") else { Issue.record("tomorrow"); return }
        #expect(schema.first?.message == "state.meetings[0].start: expected date, got \"tomorrow\"")
        guard case .failed(let rule)? = outcome("late-notice-2-min") else { Issue.record("late-notice-2-min"); return }
        #expect(rule.first?.file == pack.directory.path + "/content.lua")
        #expect(rule.first?.message.contains("two minutes exactly") == true)
        #expect(outcome("done") == .passed && outcome("progress-last") == .passed)
    }

    @Test func oneWorkerAndTwoAgree() throws {
        let suite = cases(try brokenPack())
        let one = GoldenRunner(workers: 1).run(suite.cases).map(\.outcome)
        let two = GoldenRunner(workers: 2).run(suite.cases).map(\.outcome)
        #expect(one == two)
    }

    /// Goldens are compared byte for byte: text that only a Unicode-aware comparison calls equal
    /// (é precomposed against e and a combining accent) is a change, and the same bytes pass.
    @Test func aGoldenMatchesOnlyByteForByte() throws {
        let pack = try TemporaryPack()
        let testCase = GoldenCase(packDirectory: pack.directory, packPath: "meetings", name: "done")
        let manifest = try RulePack.load(from: pack.directory).manifest
        let presented = try Presenter(pack: RulePack.load(from: pack.directory)).present(
            Fixture.load("fixtures/done.json", in: testCase.folder, manifest: manifest))
        var accented = presented
        accented.badge.text = "Caf\u{E9}"
        let golden = try accented.canonicalJSON()
        let decomposed = golden.replacingOccurrences(of: "\u{E9}", with: "e\u{301}")
        #expect(decomposed == golden && Array(decomposed.utf8) != Array(golden.utf8), "equal as strings, not as bytes")
        for (text, passes) in [(golden, true), (decomposed, false), (golden + " ", false), (String(golden.dropLast()), false)] {
            try Data(text.utf8).write(to: pack.directory.appendingPathComponent("golden/done.json"))
            let outcome = GoldenRunner.outcome(of: testCase, manifest: manifest) { _ in accented }
            #expect(outcome.isPassed == passes, "\(text.debugDescription)")
            if !passes { #expect(outcome == .changed(expected: text, actual: golden)) }
        }
    }

    @Test func recordingWritesMissingGoldensAndPendingChanges() throws {
        let pack = try brokenPack()
        let results = GoldenRunner().run(cases(pack).cases)
        let written = try GoldenRecorder.record(results)
        #expect(written.contains { $0.hasPrefix("recorded ") && $0.hasSuffix("/golden/upcoming-first.json") })
        #expect(written.contains { $0.hasPrefix("pending ") && $0.contains("/golden/countdown-last.json.new") })
        #expect(try pack.read("golden/countdown-last.json").contains("\"Last up\""), "the golden itself is untouched")
        #expect(try pack.read("golden/countdown-last.json.new").contains("\"Final up\""))
        #expect(!FileManager.default.fileExists(atPath: pack.directory.appendingPathComponent("golden/broken.json").path),
                "a failed case writes nothing")
        let again = GoldenRunner().run(cases(pack).cases)
        #expect(again.first { $0.testCase.name == "upcoming-first" }?.outcome == .passed)
        #expect(cases(pack).pending.map(\.name).contains("countdown-last"))
    }

    @Test func aPassingCaseLosesItsStalePendingFile() throws {
        let pack = try TemporaryPack(files: ["golden/done.json.new": "{}\n"])
        let written = try GoldenRecorder.record(GoldenRunner().run(cases(pack).cases))
        #expect(written == ["removed stale \(pack.directory.path)/golden/done.json.new"])
    }

    @Test func theTextReportShowsFieldPathsADiffAndEndsWithTheCounts() throws {
        let pack = try brokenPack()
        let suite = cases(pack)
        let report = GoldenReport(results: GoldenRunner().run(suite.cases), orphans: suite.orphans, pending: [], mode: .check)
        let text = report.text(colour: false)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.last == "\(BundledFixtures.meetings - 3) passed, 5 failed")
        #expect(lines.contains("FAIL meetings/countdown-last (\(pack.directory.path)/fixtures/countdown-last.json)"))
        #expect(lines.contains("  badge.text: \"Last up\" → \"Final up\""))
        #expect(lines.contains("-    \"text\": \"Last up\","))
        #expect(lines.contains("+    \"text\": \"Final up\","))
        #expect(lines.contains("MISSING meetings/upcoming-first (\(pack.directory.path)/fixtures/upcoming-first.json)"))
        #expect(lines.contains("\(pack.directory.path)/golden/gone.json: warning: orphan golden: no fixture has this name"))
        #expect(!text.contains("\u{1B}["), "no colour unless asked")
    }

    @Test func inCIStrayFilesFailTheRun() throws {
        let pack = try TemporaryPack(files: ["golden/gone.json": "{}\n", "golden/done.json.new": "{}\n"])
        let suite = cases(pack)
        let report = GoldenReport(results: GoldenRunner().run(suite.cases), orphans: suite.orphans,
                                  pending: suite.pending.map(\.pendingPath), mode: .ci)
        #expect(report.summary == "\(BundledFixtures.meetings) passed, 2 failed")
        #expect(report.text(colour: false).contains("gone.json: error: orphan golden"))
    }

    @Test func jsonAndJUnitReportsCountTheSame() throws {
        let pack = try brokenPack()
        let suite = cases(pack)
        let report = GoldenReport(results: GoldenRunner().run(suite.cases), orphans: suite.orphans, pending: [], mode: .check)
        let json = try JSONParser.parse(try report.json()).value
        #expect(json["passed"] == .integer(Int64(BundledFixtures.meetings - 3)) && json["failed"] == .integer(5))
        guard case .array(let entries)? = json["cases"] else { Issue.record("no cases"); return }
        #expect(entries.count == BundledFixtures.meetings + 2)
        let junit = report.junit()
        #expect(junit.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"liverules\" tests=\"\(BundledFixtures.meetings + 2)\" failures=\"2\" errors=\"3\">"))
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == BundledFixtures.meetings + 2)
        #expect(junit.components(separatedBy: "<failure ").count - 1 == 2, "the changed and the missing golden")
        #expect(junit.components(separatedBy: "<error ").count - 1 == 3, "the fixtures that could not be read or presented")
        #expect(junit.contains("badge.text: &quot;Last up&quot; → &quot;Final up&quot;"))
    }
}
