import Foundation
import Testing

/// What `test`, `watch` and `check` report when rules are broken: one mistake once, with the
/// cases it fails; machine-readable reports with structured failures.
@Suite struct ReportTests {
    private func local() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return environment
    }

    /// A copy of the meetings pack whose badge rule has a syntax error on line 8 and whose
    /// "Last up" badge reads "Final up" (only fixture countdown-last changes).
    private func brokenPack(syntax: Bool = true) throws -> URL {
        let root = try CLI.copyOfPack("meetings")
        let pack = root.appendingPathComponent("rules/meetings")
        let badges = try String(contentsOf: pack.appendingPathComponent("badges.lua"), encoding: .utf8)
        try badges.replacingOccurrences(of: "text = \"Last up\"", with: "text = \"Final up\"")
            .write(to: pack.appendingPathComponent("badges.lua"), atomically: true, encoding: .utf8)
        if syntax {
            try "return function(input)\n  return { text = input.phase tone = 'neutral' }\nend\n"
                .write(to: pack.appendingPathComponent("relevance.lua"), atomically: true, encoding: .utf8)
        }
        return root
    }

    private static let syntaxError = "rules/meetings/relevance.lua:2:31: error: '}' expected near 'tone': "
        + "missing comma? a table's fields are separated by ',' (add one before 'tone')"

    @Test func oneSyntaxErrorIsOneBlockNamingTheCasesAndTheSummaryStaysLast() throws {
        let outcome = try CLI.run(["test"], in: try brokenPack(), environment: local())
        #expect(outcome.status == 1)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines == [
            "ERROR \(BundledFixtures.meetings) cases fail with the same error: every case of rules/meetings",
            "  " + Self.syntaxError,
            "0 passed, \(BundledFixtures.meetings) failed",
        ], "\(outcome.output)")
    }

    @Test func watchShowsOneMistakeOnce() throws {
        let watch = try RunningCLI(["watch", "rules", "--quiet", "40"], in: try brokenPack())
        defer { watch.stop() }
        #expect(watch.wait(for: "watching rules"), "\(watch.output)")
        #expect(watch.wait(for: "rules/meetings: 0 passed, \(BundledFixtures.meetings) failed\n"), "\(watch.output)")
        #expect(watch.output.contains("  ERROR \(BundledFixtures.meetings) cases fail with the same error: every case of rules/meetings\n"
            + "    \(Self.syntaxError)\n"), "\(watch.output)")
        let lines = watch.output.split(separator: "\n")
        let summary = try #require(lines.firstIndex { $0.hasSuffix("rules/meetings: 0 passed, \(BundledFixtures.meetings) failed") })
        #expect(lines[summary - 1] == "    \(Self.syntaxError)", "the counts come last: \(watch.output)")
    }

    @Test func checkCountsAMistakeInASharedModuleOnce() throws {
        let root = try CLI.copyOfPack("meetings")
        let badges = root.appendingPathComponent("rules/meetings/badges.lua")
        try String(contentsOf: badges, encoding: .utf8).replacingOccurrences(of: "decide.first {", with: "decide.frist {")
            .write(to: badges, atomically: true, encoding: .utf8)
        let outcome = try CLI.run(["check", "rules/meetings"], in: root)
        #expect(outcome.status == 1)
        #expect(outcome.errors == "rules/meetings/badges.lua:12:22: error: liverules.decide has no member 'frist' — did you mean first?\n")
        #expect(outcome.output == "checked 1 pack: 1 error, 0 warnings\n")
    }

    @Test func jsonReportsStructuredFailures() throws {
        let root = try brokenPack(syntax: false)
        let relevance = root.appendingPathComponent("rules/meetings/relevance.lua")
        try String(contentsOf: relevance, encoding: .utf8).replacingOccurrences(of: "return function(input)\n", with:
            "return function(input)\n  if input.phase == 'done' then return { score = 'none', alert = false } end\n")
            .write(to: relevance, atomically: true, encoding: .utf8)
        let outcome = try CLI.run(["test", "--format", "json"], in: root, environment: local())
        #expect(outcome.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let cases = try #require(report["cases"] as? [[String: Any]])
        let done = try #require(cases.first { $0["id"] as? String == "meetings/done" })
        let error = try #require((done["failures"] as? [[String: Any]])?.first)
        #expect(error["kind"] as? String == "error")
        #expect(error["file"] as? String == "rules/meetings/relevance.lua")
        #expect(error["line"] as? Int == 9 && error["column"] as? Int == 42, "where the text was written: \(error)")
        #expect(error["message"] as? String == "relevance.score: expected number, got string \"none\"")
        let last = try #require(cases.first { $0["id"] as? String == "meetings/countdown-last" })
        let changed = try #require((last["failures"] as? [[String: Any]])?.first)
        #expect(changed["kind"] as? String == "changed")
        #expect(changed["file"] as? String == "rules/meetings/golden/countdown-last.json")
        #expect(changed["line"] as? Int == 3)
        let changes = try #require(changed["changes"] as? [[String: Any]])
        #expect(changes.count == 3 && changes[0]["path"] as? String == "badge.text" && changes[0]["change"] as? String == "changed"
            && changes[0]["old"] as? String == "Last up" && changes[0]["new"] as? String == "Final up", "\(changes)")
        #expect((changed["diff"] as? String)?.hasPrefix("--- rules/meetings/golden/countdown-last.json\n+++ actual\n") == true)
        #expect(last["details"] == nil, "messages and diff lines are no longer one list")
    }

    @Test func junitMarksRuleErrorsAsErrorsWithFileAndLine() throws {
        let outcome = try CLI.run(["test", "--format", "junit"], in: try brokenPack(), environment: local())
        let xml = outcome.output
        let count = BundledFixtures.meetings
        #expect(xml.contains("<testsuites name=\"liverules\" tests=\"\(count)\" failures=\"0\" errors=\"\(count)\">"), "\(xml)")
        #expect(xml.contains("<testcase classname=\"rules/meetings\" name=\"done\" file=\"rules/meetings/fixtures/done.json\" time=\""))
        #expect(xml.contains("<error message=\"\(Self.syntaxError.replacingOccurrences(of: "'", with: "'"))\" "
            + "file=\"rules/meetings/relevance.lua\" line=\"2\">"), "\(xml)")
        #expect(!xml.contains("<failure"))
        let changed = try CLI.run(["test", "--format", "junit"], in: try brokenPack(syntax: false), environment: local())
        #expect(changed.output.contains("<failure message=\"badge.text: &quot;Last up&quot; → &quot;Final up&quot;\" "
            + "file=\"rules/meetings/golden/countdown-last.json\" line=\"3\">"), "\(changed.output)")
    }

    @Test func githubFormatWritesAnnotationsAtTheMistake() throws {
        let outcome = try CLI.run(["test", "--format", "github"], in: try brokenPack(), environment: local())
        #expect(outcome.status == 1)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "one annotation for one mistake, then the summary: \(lines)")
        #expect(lines.first?.hasPrefix("::error file=rules/meetings/relevance.lua,line=2,col=31,title=meetings/combo-back-to-back-5-min%2C ") == true)
        #expect(lines.first?.hasSuffix("::'}' expected near 'tone': missing comma? a table's fields are separated by ',' (add one before 'tone')") == true,
                "\(lines)")
        #expect(lines.last == "0 passed, \(BundledFixtures.meetings) failed")
        let changed = try CLI.run(["test", "--format", "github"], in: try brokenPack(syntax: false), environment: local())
        #expect(changed.output.split(separator: "\n").first.map(String.init)
            == "::error file=rules/meetings/golden/countdown-last.json,line=3,title=meetings/countdown-last changed::"
            + "badge.text: \"Last up\" → \"Final up\"%0A↳ rules/meetings/badges.lua:18 (badge rule)"
            + "%0Alayout.lockScreen.fields[0].text: \"Last up\" → \"Final up\"%0A↳ rules/meetings/layout.lua:84 (layout rule)"
            + "%0Alayout.standBy.fields[0].text: \"Last up\" → \"Final up\"%0A↳ rules/meetings/layout.lua:84 (layout rule)", "\(changed.output)")
    }
}
