import Foundation
import LiveRules
import Testing
import TestPacks

/// `liverules eval --explain` and the rule lines a failing `liverules test` names, run as a
/// user runs them.
@Suite struct ExplainCommandTests {
    let pack = "rules/meetings"
    let fixture = "rules/meetings/fixtures/countdown-first-exactly-15-min.json"

    /// The 1-based line of `rules/meetings/<file>` holding `text`.
    func line(of text: String, in file: String) throws -> Int {
        let source = try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/\(file)"), encoding: .utf8)
        return try #require(source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }) + 1
    }

    @Test func explainAloneIsTheShortNotes() throws {
        let outcome = try CLI.run(["eval", pack, fixture, "--explain", "--format", "text"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let row = try line(of: "text = \"First up\"", in: "badges.lua")
        #expect(outcome.output.contains("""

            explain (notes)
            badge
              rules/meetings/badges.lua:\(row): row 5: first = true → text = "First up", tone = "neutral"

            """), "\(outcome.output)")
        #expect(!outcome.output.contains("skipped"))
        let last = try CLI.run(["eval", "--format", "text", pack, fixture, "--explain"])
        #expect(last.output == outcome.output)
    }

    @Test func fullShowsEveryRowChecked() throws {
        let outcome = try CLI.run(["eval", pack, fixture, "--explain", "full", "--format", "text", "--placement", "islandMinimal"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let first = try line(of: "text = \"Last in progress\"", in: "badges.lua")
        #expect(outcome.output.contains("  rules/meetings/badges.lua:\(first): row 1 skipped: last = false, not true\n"))
        #expect(outcome.output.contains("layout.islandMinimal\n"))
        #expect(!outcome.output.contains("layout.lockScreen\n"))
    }

    @Test func jsonHoldsThePresentationAndTheExplanation() throws {
        let outcome = try CLI.run(["eval", pack, fixture, "--explain=full"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        struct Both: Decodable {
            var explanation: Explanation
        }
        let both = try JSONDecoder().decode(Both.self, from: Data(outcome.output.utf8))
        let decision = try #require(both.explanation.entries.first { $0.kind == .decision })
        #expect(decision.output == "badge" && decision.row == 5 && decision.file == "rules/meetings/badges.lua")
        let golden = try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/golden/countdown-first-exactly-15-min.json"),
                                encoding: .utf8)
        let presentation = try #require(outcome.output.range(of: "\"presentation\": "))
        #expect(outcome.output[presentation.upperBound...].hasPrefix(golden.split(separator: "\n").first!))
        #expect(try CLI.run(["eval", pack, fixture, "--explain", "loud"]).status == 2)
    }

    @Test func explanationsAreTheSameBytesInEveryProcess() throws {
        for name in ["countdown-low-contrast-dark", "combo-back-to-back-5-min", "order-overlapping-meetings"] {
            let arguments = ["eval", pack, "rules/meetings/fixtures/\(name).json", "--explain", "full"]
            let first = try CLI.run(arguments), second = try CLI.run(arguments)
            #expect(first.status == 0 && !first.output.isEmpty)
            #expect(first.output == second.output, "\(name)")
        }
    }

    @Test func aFailingGoldenNamesTheRuleLineOfEachChangedField() throws {
        let badges = try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/badges.lua"), encoding: .utf8)
        let root = try CLI.copyOfPack("meetings", files: [
            "badges.lua": badges.replacingOccurrences(of: "\"First up\"", with: "\"First one up\""),
        ])
        let outcome = try CLI.run(["test", "rules/meetings"], in: root)
        #expect(outcome.status != 0)
        let row = try line(of: "text = \"First up\"", in: "badges.lua")
        let layout = try line(of: "return function(input)", in: "layout.lua")
        #expect(outcome.output.contains("""
              badge.text: "First up" → "First one up"
              ↳ rules/meetings/badges.lua:\(row) (badge rule)
              layout.lockScreen.fields[0].text: "First up" → "First one up"
              ↳ rules/meetings/layout.lua:\(layout) (layout rule)

            """), "\(outcome.output)")
    }
}
