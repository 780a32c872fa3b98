import Foundation
import Testing

/// `liverules demo`, run as a user runs it: the built binary on real folders.
@Suite struct DemoCommandTests {
    /// The package root (this file is Tests/LiveRulesCLITests/DemoCommandTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the built `liverules` with `arguments` in `folder`.
    private func liverules(_ arguments: [String], in folder: URL = root) throws -> Outcome {
        let binary = Bundle.main.bundleURL.appendingPathComponent("liverules")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       output: String(decoding: out, as: UTF8.self), errors: String(decoding: err, as: UTF8.self))
    }

    /// A temporary rules folder with one pack holding `rule` and `fixtures` (name → JSON).
    private func rulesFolder(rule: String, fixtures: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("liverules-\(UUID().uuidString)")
        let pack = root.appendingPathComponent("rules/demo")
        try FileManager.default.createDirectory(at: pack.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
        try rule.write(to: pack.appendingPathComponent("rule.lua"), atomically: true, encoding: .utf8)
        for (name, json) in fixtures {
            try json.write(to: pack.appendingPathComponent("fixtures/\(name)"), atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func theBundledMeetingsRuleGivesTheSpecifiedPhaseAndBadge() throws {
        let outcome = try liverules(["demo", "rules"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let lines = outcome.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        let expected = [
            "combo-back-to-back.json combo \"In progress\" green relevance 100",
            "countdown-first-exactly-15-min.json countdown \"First up\" neutral relevance 80",
            "countdown-middle.json countdown \"Next up\" neutral relevance 80",
            "done.json done \"\" neutral relevance 0",
            "only-meeting.json countdown \"Next up\" neutral relevance 80",
            "progress-first.json progress \"In progress\" green relevance 100",
            "progress-last.json progress \"Last in progress\" green relevance 100",
            "upcoming-first.json upcoming \"First up\" neutral relevance 50",
        ]
        #expect(lines == ["rules/meetings"] + expected)
    }

    @Test func aBrokenRuleExitsOneWithItsFileAndLine() throws {
        let folder = try rulesFolder(rule: "function present(s, now)\n  return {\nend\n", fixtures: [:])
        let outcome = try liverules(["demo", "rules"], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("rules/demo/rule.lua:3: error:"), "\(outcome.errors)")
    }

    @Test func aHostileRuleIsStoppedByItsBudgetAndReported() throws {
        let fixture = #"{ "now": "2026-03-16T09:00:00Z", "attributes": { "timeZone": "UTC" }, "state": { "meetings": [] } }"#
        let folder = try rulesFolder(rule: "function present(s, now)\n  while true do end\nend\n", fixtures: ["a.json": fixture])
        let outcome = try liverules(["demo", "rules"], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("a.json: rules/demo/rule.lua:2: error: instruction budget"), "\(outcome.output)")
    }

    @Test func anUnreadableFixtureExitsTwoNamingTheFile() throws {
        let folder = try rulesFolder(rule: "function present() end", fixtures: ["bad.json": "{ \"now\": "])
        let outcome = try liverules(["demo", "rules"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasPrefix("rules/demo/fixtures/bad.json: error:"), "\(outcome.errors)")
    }
}
