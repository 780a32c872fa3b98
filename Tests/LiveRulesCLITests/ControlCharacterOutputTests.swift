import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Control characters from packs (rule errors, fixture and file names, strings rules return)
/// reach the terminal only as visible escapes (`\u{1B}`), in every text output; JSON and JUnit
/// reports stay valid.
@Suite struct ControlCharacterOutputTests {
    /// Sets the window title, writes the clipboard (OSC 52), then returns the cursor to the start
    /// of the line to forge a clean summary, and ends with a C1 CSI: as Lua source, and as the
    /// output must show it.
    static let hostile = #"\27]0;pwned\7\27]52;c;ZXZpbA==\7\rchecked 1 pack: 0 errors, 0 warnings\u{9B}2J"#
    static let shown = #"\u{1B}]0;pwned\u{7}\u{1B}]52;c;ZXZpbA==\u{7}\u{D}checked 1 pack: 0 errors, 0 warnings\u{9B}2J"#

    /// Whether `text` holds a C0 control other than newline, DEL or a C1 control.
    private func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    /// The environment without CI, so review may write.
    private var local: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return environment
    }

    @Test func aRuleErrorIsEscapedByCheckEvalAndTest() throws {
        let root = try CLI.copyOfPack("meetings", files: [
            "relevance.lua": "return function(input)\n  error(\"\(Self.hostile)\")\nend\n",
        ])
        for arguments in [["check", "rules"], ["eval", "rules/meetings", "rules/meetings/fixtures/done.json"], ["test"]] {
            let outcome = try CLI.run(arguments, in: root, environment: local)
            #expect(outcome.status == 1, "\(arguments)")
            let shown = outcome.output + outcome.errors
            #expect(!hasRawControls(shown), "\(arguments): \(shown.debugDescription)")
            #expect(shown.contains("rules/meetings/relevance.lua:2:3: error: " + Self.shown), "\(arguments): \(shown)")
        }
    }

    @Test func stringsRulesReturnAreEscapedInTheTextTableAndValidInJSON() throws {
        let root = try CLI.copyOfPack("meetings", files: [
            "badge.lua": "return function(input)\n  return { text = \"\(Self.hostile)\", tone = \"neutral\" }\nend\n",
        ])
        let fixture = "rules/meetings/fixtures/done.json"
        let text = try CLI.run(["eval", "rules/meetings", fixture, "--format", "text"], in: root)
        #expect(text.status == 0, "\(text.errors)")
        #expect(!hasRawControls(text.output), "\(text.output.debugDescription)")
        #expect(text.output.contains("badge      \(Self.shown) [neutral]\n"), "\(text.output)")
        let json = try CLI.run(["eval", "rules/meetings", fixture], in: root)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let badge = object?["badge"] as? [String: Any]
        #expect((badge?["text"] as? String)?.hasPrefix("\u{1B}]0;pwned\u{7}") == true, "JSON keeps the text, escaped as JSON")
        #expect(!json.output.contains("\u{1B}") && !json.output.contains("\r"))
    }

    @Test func fixtureNamesAndGoldenContentAreEscapedByTestAndReview() throws {
        let evil = "evil\u{1B}]0;x\u{7}"
        let root = try CLI.copyOfPack("meetings")
        let pack = root.appendingPathComponent("rules/meetings")
        try FileManager.default.copyItem(at: pack.appendingPathComponent("fixtures/done.json"),
                                         to: pack.appendingPathComponent("fixtures/\(evil).json"))
        let golden = try String(contentsOf: pack.appendingPathComponent("golden/done.json"), encoding: .utf8)
        try golden.replacingOccurrences(of: "All done", with: "All\u{1B}[2J done")
            .write(to: pack.appendingPathComponent("golden/done.json"), atomically: true, encoding: .utf8)
        try golden.replacingOccurrences(of: "All done", with: "Done\r\u{1B}[K")
            .write(to: pack.appendingPathComponent("golden/\(evil).json.new"), atomically: true, encoding: .utf8)

        let tested = try CLI.run(["test"], in: root, environment: local)
        #expect(tested.status == 1)
        #expect(!hasRawControls(tested.output + tested.errors), "\((tested.output + tested.errors).debugDescription)")
        #expect(tested.output.contains(#"MISSING meetings/evil\u{1B}]0;x\u{7} (rules/meetings/fixtures/evil\u{1B}]0;x\u{7}.json)"#))
        #expect(tested.output.contains(#"-    "text": "All\u{1B}[2J done","#), "\(tested.output)")

        let json = try CLI.run(["test", "--format", "json"], in: root, environment: local)
        let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let ids = (report?["cases"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        #expect(ids.contains("meetings/\(evil)"), "the JSON report keeps the name, escaped as JSON")
        #if canImport(FoundationXML)
        let junit = try CLI.run(["test", "--format", "junit"], in: root, environment: local)
        #expect(XMLParser(data: Data(junit.output.utf8)).parse(), "the JUnit report is well-formed XML")
        #endif

        let reviewed = try CLI.run(["review", "--accept"], in: root, environment: local)
        #expect(reviewed.status == 0, "\(reviewed.errors)")
        #expect(!hasRawControls(reviewed.output), "\(reviewed.output.debugDescription)")
        #expect(reviewed.output.contains(#"NEW meetings/evil\u{1B}]0;x\u{7}"#), "\(reviewed.output)")
        #expect(reviewed.output.contains(#"+    "text": "Done\u{D}\u{1B}[K","#), "\(reviewed.output)")
        #expect(reviewed.output.contains(#"accepted rules/meetings/golden/evil\u{1B}]0;x\u{7}.json"#), "\(reviewed.output)")
    }

    @Test func aSyntaxErrorQuotingControlCharactersIsEscapedAndCoverageStillReports() throws {
        let root = try CLI.copyOfPack("meetings", files: ["badge.lua": "return \"\u{1B}]0;pwned\u{7}\n"])
        let outcome = try CLI.run(["test", "--coverage"], in: root, environment: local)
        #expect(outcome.status == 1)
        #expect(!hasRawControls(outcome.output + outcome.errors), "\((outcome.output + outcome.errors).debugDescription)")
        #expect(outcome.output.contains(#"rules/meetings/badge.lua:1:1: error: unfinished string near '"\u{1B}]0;pwned\u{7}'"#),
                "\(outcome.output)")
        #expect(outcome.output.contains("  rules/meetings/relevance.lua "), "the other files' coverage is reported")
        #expect(outcome.output.hasSuffix("0 passed, \(BundledFixtures.meetings) failed\n"))
    }

    @Test func watchEscapesRuleErrors() throws {
        let root = try CLI.copyOfPack("meetings")
        let watch = try RunningCLI(["watch", "rules", "--quiet", "40"], in: root)
        defer { watch.stop() }
        #expect(watch.wait(for: "watching rules"), "\(watch.output)")
        try Data("return function(input)\n  error(\"\(Self.hostile)\")\nend\n".utf8)
            .write(to: root.appendingPathComponent("rules/meetings/relevance.lua"), options: .atomic)
        #expect(watch.wait(for: "rules/meetings/relevance.lua:2:3: error: " + Self.shown), "\(watch.output)")
        #expect(!hasRawControls(watch.output), "\(watch.output.debugDescription)")
    }
}
