import Foundation
import TestPacks
import Testing

/// `liverules check`, run as a user runs it.
@Suite struct CheckCommandTests {
    @Test func theBundledPacksCheckClean() throws {
        let outcome = try CLI.run(["check"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.errors.isEmpty)
        #expect(outcome.output.hasSuffix(": 0 errors, 0 warnings\n"))
    }

    @Test func everyProblemIsReportedCompilerStyleAndExits1() throws {
        let root = try CLI.copyOfPack("meetings", files: [
            "badge.lua": "return function(input)\n  return { text = input.state.meeting, tone = 'neutral' }\nend\n",
            "fixtures/bad-date.json": """
                {"now": "2026-03-02T09:00:00Z", "attributes": {"timeZone": "UTC"},
                 "state": {"meetings": [{"id": "a", "title": "A", "start": "tomorrow", "end": "2026-03-02T10:00:00Z"}]}}
                """,
        ])
        let outcome = try CLI.run(["check", "rules/meetings"], in: root)
        #expect(outcome.status == 1)
        let lines = outcome.errors.split(separator: "\n").map(String.init)
        #expect(lines.contains("rules/meetings/fixtures/bad-date.json:2:60: error: state.meetings[0].start: expected date, got \"tomorrow\""), "\(lines)")
        #expect(lines.contains("rules/meetings/badge.lua:2:19: error: input.state.meeting: no such field in MeetingsContentState — did you mean meetings? (presenting \(BundledFixtures.meetings) fixtures: combo-back-to-back-5-min.json, countdown-first-exactly-15-min.json, countdown-last.json, …)"), "\(lines)")
        #expect(lines.count == 2, "one line per distinct problem: \(lines)")
        #expect(lines.allSatisfy { $0.range(of: #"^[^:]+:\d+:\d+: (error|warning): "#, options: .regularExpression) != nil }, "\(lines)")
        #expect(outcome.output.contains("checked 1 pack: "))
    }

    /// The pack's promises are checked too: a row naming a field the pack lacks is an error at
    /// the row with the closest name; once they load, a fixture whose presentation breaks one is
    /// an error at the fixture naming the promise's row.
    @Test func promisesAreCheckedAtTheirRowsAndOnEveryFixture() throws {
        /// A promises file of the one `row` (on line 3), its facts the phase.
        func promises(_ row: String) -> String {
            "local promise = require \"liverules.promise\"\n"
                + "local promises = promise.cases(function(input) return { phase = input.phase } end, {\n  \(row),\n})\nreturn promises\n"
        }
        let misspelt = try CLI.copyOfPack("meetings", files: ["promises.lua": promises(
            #"{ when = { phase = "combo" }, placements = "lockScreen", shows = "nextCountdwn" }"#)])
        let typo = try CLI.run(["check", "rules/meetings"], in: misspelt)
        #expect(typo.status == 1)
        // Lint knows the pack's field ids in every file, so it says it at the column; the row's
        // own check (which explore and test run) says it once more only when lint did not.
        let said = typo.errors.split(separator: "\n").filter { $0.contains("nextCountdwn") }
        #expect(said == ["rules/meetings/promises.lua:3:68: error: unknown field id 'nextCountdwn' — did you mean nextCountdown?"], "\(typo.errors)")

        let strict = try CLI.copyOfPack("meetings", files: ["promises.lua": promises(
            #"{ when = { phase = "countdown" }, placements = "islandMinimal", shows = "countdown" }"#)])
        let broken = try CLI.run(["check", "rules/meetings"], in: strict)
        #expect(broken.status == 1)
        #expect(broken.errors.contains(
            "rules/meetings/fixtures/countdown-last.json:1:1: error: breaks the promise at rules/meetings/promises.lua:3 in islandMinimal: countdown is not shown"),
                "\(broken.errors)")
    }

    @Test func unreachedPhasesAndFieldsAreWarnings() throws {
        let root = try CLI.copyOfPack("meetings")
        let fixtures = root.appendingPathComponent("rules/meetings/fixtures")
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) where !name.hasPrefix("done") {
            try FileManager.default.removeItem(at: fixtures.appendingPathComponent(name))
        }
        let outcome = try CLI.run(["check", "rules"], in: root)
        #expect(outcome.status == 0)
        #expect(outcome.errors.contains("rules/meetings/pack.json:32:14: warning: no fixture reaches phase 'progress'"), "\(outcome.errors)")
        #expect(outcome.errors.contains("warning: no fixture shows field 'title'"))
    }

    @Test func aFolderWithoutPacksIsBadUsage() throws {
        let empty = TemporaryFolder.path("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let outcome = try CLI.run(["check", "."], in: empty)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("no pack here"))
    }
}
