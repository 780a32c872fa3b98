import Foundation
import Testing

/// `liverules watch` (the edit loop) and `liverules bench`, run as a user runs them.
@Suite struct WatchAndBenchCommandTests {
    @Test func watchReRunsAPacksTestsOnEverySave() throws {
        let root = try CLI.copyOfPack("meetings")
        let pack = root.appendingPathComponent("rules/meetings")
        let watch = try RunningCLI(["watch", "rules", "--quiet", "40"], in: root)
        defer { watch.stop() }
        #expect(watch.wait(for: "rules/meetings: \(BundledFixtures.meetings) passed, 0 failed"), "\(watch.output)")
        #expect(watch.wait(for: "watching rules"), "\(watch.output)")

        let badges = try String(contentsOf: pack.appendingPathComponent("badges.lua"), encoding: .utf8)
        try Data(badges.replacingOccurrences(of: "text = \"Last up\"", with: "text = \"Final up\"").utf8)
            .write(to: pack.appendingPathComponent("badges.lua"), options: .atomic)
        #expect(watch.wait(for: "rules/meetings: \(BundledFixtures.meetings - 1) passed, 1 failed"), "\(watch.output)")
        #expect(watch.output.contains("  FAIL meetings/countdown-last\n    badge.text: \"Last up\" → \"Final up\""), "\(watch.output)")

        try Data("return function(input)\n  return { text = input.state.meeting }\nend\n".utf8)
            .write(to: pack.appendingPathComponent("badge.lua"), options: .atomic)
        #expect(watch.wait(for: "rules/meetings: 0 passed, \(BundledFixtures.meetings) failed"), "\(watch.output)")
        #expect(watch.output.contains("    rules/meetings/badge.lua:2:19: error: input.state.meeting: no such field in MeetingsContentState — did you mean meetings?"))
    }

    @Test func benchReportsTimesInstructionsAndMemory() throws {
        let outcome = try CLI.run(["bench", "rules/meetings", "--iterations", "40"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let rows = Dictionary(outcome.output.split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: "  ", maxSplits: 1, omittingEmptySubsequences: true)
            return (String(parts[0]).trimmingCharacters(in: .whitespaces), String(parts.last ?? "").trimmingCharacters(in: .whitespaces))
        }, uniquingKeysWith: { first, _ in first })
        #expect(rows["fixtures"] == "\(BundledFixtures.meetings)")
        #expect(rows["presentations timed"] == "40")
        #expect(rows["time per presentation, p50"]?.hasSuffix(" µs") == true)
        #expect(rows["time per presentation, p99"]?.hasSuffix(" µs") == true)
        let instructions = Int(rows["instructions per presentation, median"] ?? "") ?? 0
        #expect(instructions > 1_000 && instructions < 1_000_000, "\(outcome.output)")
        #expect(rows["memory of a state after setup"]?.hasSuffix(" KiB") == true)
        #expect(rows["budget mode"] == "counted")
    }

    /// `--serving` times presentations with no instruction counting; the metered pass still
    /// counts them, to the same figures.
    @Test func benchServingTimesWithoutCountingAndMetersTheSame() throws {
        func rows(_ arguments: [String]) throws -> [String: String] {
            let outcome = try CLI.run(["bench", "rules/meetings", "--iterations", "40"] + arguments)
            #expect(outcome.status == 0, "\(outcome.errors)")
            return Dictionary(outcome.output.split(separator: "\n").map { line -> (String, String) in
                let parts = line.split(separator: "  ", maxSplits: 1, omittingEmptySubsequences: true)
                return (String(parts[0]).trimmingCharacters(in: .whitespaces), String(parts.last ?? "").trimmingCharacters(in: .whitespaces))
            }, uniquingKeysWith: { first, _ in first })
        }
        let counted = try rows([])
        let serving = try rows(["--serving"])
        #expect(serving["budget mode"] == "serving")
        #expect(serving["instructions per presentation, median"] == counted["instructions per presentation, median"])
        #expect(serving["instructions per presentation, max"] == counted["instructions per presentation, max"])
    }

    /// `--states` presents the activities of a `payload --batch` input, its first --iterations
    /// lines at most; a bad line is refused at its number, as the batch refuses it.
    @Test func benchPresentsTheActivitiesOfABatchInput() throws {
        let root = try CLI.copyOfPack("match")
        let fixture = try String(contentsOf: root.appendingPathComponent("rules/match/fixtures/live-goal-alerts.json"), encoding: .utf8)
        let line = fixture.replacingOccurrences(of: "\n", with: "")
        try Data((String(repeating: line + "\n", count: 3) + "{\"now\": 1}\n").utf8).write(to: root.appendingPathComponent("states.jsonl"))
        let outcome = try CLI.run(["bench", "rules/match", "--serving", "--states", "states.jsonl", "--iterations", "3"], in: root)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.split(separator: "\n").contains { $0.hasPrefix("activities ") && $0.hasSuffix(" 3") }, "\(outcome.output)")
        let refused = try CLI.run(["bench", "rules/match", "--states", "states.jsonl", "--iterations", "4"], in: root)
        #expect(refused.status == 2)
        #expect(refused.errors.contains("states.jsonl:4:"), "\(refused.errors)")
    }

    @Test func benchNeedsFixtures() throws {
        let root = try CLI.copyOfPack("meetings")
        try FileManager.default.removeItem(at: root.appendingPathComponent("rules/meetings/fixtures"))
        let outcome = try CLI.run(["bench", "rules/meetings"], in: root)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("the pack has no fixtures to benchmark"))
    }
}
