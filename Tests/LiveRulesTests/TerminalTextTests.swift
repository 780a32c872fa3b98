import Foundation
@testable import LiveRules
@testable import LiveRulesTooling
import Testing

/// Control characters in text bound for a terminal become visible escapes; nothing else changes.
@Suite struct TerminalTextTests {
    @Test func everyControlCharacterIsEscapedAndNothingElse() {
        let controls = (0x00...0x1F).map { $0 } + [0x7F] + (0x80...0x9F).map { $0 }
        for value in controls {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(TerminalText.escaped("a\(Character(scalar))b") == "a\\u{\(String(value, radix: 16, uppercase: true))}b")
        }
        #expect(TerminalText.escaped("\u{1B}]52;c;ZXZpbA==\u{7}") == #"\u{1B}]52;c;ZXZpbA==\u{7}"#)
        #expect(TerminalText.escaped("0 errors\r\n") == #"0 errors\u{D}\u{A}"#)
        let plain = #"Café → 12m \d+ "quoted" ✓ 🎉 \u{1B} U+00A0:"# + "\u{A0}"
        #expect(TerminalText.escaped(plain) == plain)
    }

    @Test func reportsEscapeWhatComesFromPacksButKeepTheirOwnColours() throws {
        let folder = PackFolder(URL(fileURLWithPath: "/nonexistent/pack"), displayPath: "rules/evil\u{1B}[2J")
        let failing = GoldenResult(testCase: GoldenCase(folder: folder, name: "case\u{7}"),
                                   outcome: .failed([Diagnostic(file: "rules/x.lua", message: "boom\r0 failed\u{9B}")]), seconds: 0)
        let changed = GoldenResult(testCase: GoldenCase(folder: folder, name: "other"),
                                   outcome: .changed(expected: "{\n  \"a\": \"\u{1B}[31m\"\n}\n", actual: "{\n  \"a\": \"b\"\n}\n"), seconds: 0)
        let report = GoldenReport(results: [failing, changed], orphans: ["rules/golden/orphan\u{1B}.json"], pending: [], mode: .check)
        let coloured = report.text(colour: true)
        let withoutOwnColours = coloured.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
        #expect(!withoutOwnColours.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
                "\(withoutOwnColours.debugDescription)")
        let plain = report.text(colour: false)
        #expect(plain.contains(#"ERROR evil\u{1B}[2J/case\u{7} (rules/evil\u{1B}[2J/fixtures/case\u{7}.json)"#), "\(plain)")
        #expect(plain.contains(#"  rules/x.lua:1:1: error: boom\u{D}0 failed\u{9B}"#))
        #expect(plain.contains(#"-  "a": "\u{1B}[31m""#))
        #expect(plain.contains(#"rules/golden/orphan\u{1B}.json: warning: orphan golden"#))
    }
}
