import Foundation
import Testing
import TestPacks

/// `liverules timeline`: the moments where a fixture's presentation changes.
struct TimelineCommandTests {
    @Test func listsTheCountdownProgressAndComboTransitionsAtTheirMinutes() throws {
        let outcome = try CLI.run(["timeline", "rules/meetings", "combo-back-to-back-5-min"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "rules/meetings/fixtures/combo-back-to-back-5-min.json: 2026-03-02T08:00:00Z to 2026-03-02T14:30:00Z every 1 min, 391 steps")
        func line(_ time: String) -> String? { lines.first { $0.hasPrefix("2026-03-02T\(time):00Z ") } }
        #expect(line("09:15")?.contains("  countdown  Next up [neutral]") == true)
        #expect(line("09:15")?.contains("ALERT  push: phase, score, alert, countdown shown") == true)
        #expect(line("09:16") == nil, "the countdown ticks on the device: no push")
        #expect(line("09:40")?.hasSuffix("push: location gone, runningLate gone") == true)
        #expect(line("09:30")?.contains("  progress  In progress [green]") == true)
        #expect(line("10:20")?.contains("  combo  In progress [green]") == true)
        #expect(line("10:20")?.contains("ALERT") == false, "combo continues a meeting: no alert")
        #expect(line("14:30")?.contains("  done  ") == true)
        #expect(line("08:30") == nil, "nothing changes between meetings")
        #expect(lines.last == "18 pushes needed, 228 presentations differ, 9 alerts")
    }

    @Test func takesARangeAStepAndJSON() throws {
        let outcome = try CLI.run(["timeline", "rules/meetings", "rules/meetings/fixtures/countdown-middle.json",
                                   "--from", "2026-03-02T09:00:00Z", "--to", "2026-03-02T09:30:00Z", "--step", "5m", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let json = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]
        #expect(json?["steps"] as? Int == 7)
        #expect(json?["step"] as? Int == 300)
        let moments = json?["moments"] as? [[String: Any]]
        #expect(moments?.first?["now"] as? String == "2026-03-02T09:00:00Z")
        #expect((moments?.first?["push"] as? [[String: Any]])?.first?["reason"] as? String == "start")
        #expect(json?["pushes"] as? Int == (moments?.filter { !(($0["push"] as? [Any]) ?? []).isEmpty }.count))
        #expect((json?["mismatches"] as? [Any])?.isEmpty == true)
    }

    @Test func refusesBadRangesAndUnknownFixtures() throws {
        let step = try CLI.run(["timeline", "rules/meetings", "done", "--step", "0"])
        #expect(step.status == 2)
        #expect(step.errors.contains("--step '0'"))
        let from = try CLI.run(["timeline", "rules/meetings", "done", "--from", "monday"])
        #expect(from.status == 2)
        let missing = try CLI.run(["timeline", "rules/meetings", "no-such-case"])
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("no-such-case: error: no such file or case of rules/meetings"), "\(missing.errors)")
        let outside = try CLI.run(["timeline", "rules/meetings", "../../etc/passwd"])
        #expect(outside.status == 2)
    }

    /// A copy of the meetings pack whose badge rule runs `code` first at every step.
    private static func meetings(badgeFirst code: String) throws -> URL {
        let badge = try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/badge.lua"), encoding: .utf8)
        let edited = badge.replacingOccurrences(of: "return function(input)\n", with: "return function(input)\n  \(code)\n")
        #expect(edited != badge)
        return try CLI.copyOfPack("meetings", files: ["badge.lua": edited])
    }

    @Test(arguments: [("an error", #"error("no badge today")"#, "no badge today"),
                      ("the instruction budget", "while true do end", "instruction")])
    func stopsAfterTwentyStepsInARowFail(_ variant: String, code: String, says: String) throws {
        let folder = try Self.meetings(badgeFirst: code)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(["timeline", "rules/meetings", "combo-back-to-back-5-min"], in: folder)
        #expect(outcome.status == 1, "\(variant): \(outcome.errors)")
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("every 1 min, 391 steps") == true)
        #expect(lines.filter { $0.contains(says) }.count == 1, "\(variant): the error is printed once: \(lines)")
        #expect(lines.filter { $0.contains("ERROR") }.count == 1, "\(variant)")
        #expect(lines.dropLast().last == "stopped after 20 of 391 steps: 20 steps in a row failed; 371 steps skipped", "\(variant): \(lines)")
        #expect(lines.last == "0 pushes needed, 1 presentation differs, 0 alerts")
        let json = try CLI.run(["timeline", "rules/meetings", "combo-back-to-back-5-min", "--format", "json"], in: folder)
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["presented"] as? Int == 20)
        #expect(object?["steps"] as? Int == 391)
        #expect(object?["stopped"] as? String == "stopped after 20 of 391 steps: 20 steps in a row failed; 371 steps skipped")
    }

    @Test func goesOnThroughFailuresThatAreNotInARow() throws {
        let folder = try Self.meetings(badgeFirst: #"if input.now % 120 == 0 then error("even minute") end"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(["timeline", "rules/meetings", "combo-back-to-back-5-min", "--format", "json"], in: folder)
        #expect(outcome.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]
        #expect(object?["presented"] as? Int == 391)
        #expect(object?["stopped"] is NSNull)
    }
}

