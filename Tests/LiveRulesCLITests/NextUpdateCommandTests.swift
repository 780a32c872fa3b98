import Foundation
import Testing
import TestPacks

/// `--next-update` on `eval` and `payload` (one and batch): when the activity next needs a push
/// with the same state, to the second, and why, in the member `nextUpdate`.
@Suite struct NextUpdateCommandTests {
    let combo = "rules/meetings/fixtures/combo-back-to-back-5-min.json"

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// At 10:20 the combo day is in the design review with the 1:1 next; at 10:30 the review
    /// ends and the countdown to the 1:1 begins.
    @Test func evalSaysWhenAndWhy() throws {
        let outcome = try CLI.run(["eval", "rules/meetings", combo, "--next-update"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let answer = try json(outcome.output)
        #expect(Set(answer.keys) == ["presentation", "nextUpdate"])
        let next = try #require(answer["nextUpdate"] as? [String: Any])
        #expect(next["at"] as? String == "2026-03-02T10:30:00Z")
        #expect(next["timestamp"] as? Int == 1_772_447_400)
        let why = try #require(next["why"] as? [String])
        #expect(why.prefix(2) == ["phase", "badge"] && why.contains("countdown shown"), "\(why)")
        let plain = try CLI.run(["eval", "rules/meetings", combo])
        #expect(try JSONSerialization.jsonObject(with: Data(plain.output.utf8)) as? NSDictionary
                    == answer["presentation"] as? NSDictionary, "the same presentation")
        let text = try CLI.run(["eval", "rules/meetings", combo, "--next-update", "--format", "text"])
        #expect(text.output.hasSuffix("\nnext update: 2026-03-02T10:30:00Z (\(why.joined(separator: ", ")))\n"))
        let both = try CLI.run(["eval", "rules/meetings", combo, "--next-update", "--explain"])
        #expect(both.status == 2 && both.errors.contains("--next-update and --explain: choose one"))
    }

    /// A finished day has nothing ahead: `null`.
    @Test func nothingAheadIsNull() throws {
        let outcome = try CLI.run(["eval", "rules/meetings", "rules/meetings/fixtures/done.json", "--next-update"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(try json(outcome.output)["nextUpdate"] is NSNull)
    }

    /// A live match goes "Outdated" 3 minutes after its last update, at that second.
    @Test func payloadCarriesItBesideTheBodyOnBothPlatforms() throws {
        let goal = "rules/match/fixtures/live-goal-alerts.json"
        for platform in ["ios", "android"] {
            let outcome = try CLI.run(["payload", "rules/match", goal, "--next-update", "--platform", platform])
            #expect(outcome.status == 0, "\(outcome.errors)")
            let payload = try json(outcome.output)
            #expect(Set(payload.keys) == (platform == "ios" ? ["body", "headers", "nextUpdate"] : ["message", "nextUpdate"]))
            let next = try #require(payload["nextUpdate"] as? [String: Any])
            #expect(next["at"] as? String == "2026-05-16T15:11:30Z", "3 minutes after the update at 15:08:30")
            #expect((next["why"] as? [String])?.first == "phase")
        }
        let curl = try CLI.run(["payload", "rules/match", goal, "--next-update", "--format", "curl"])
        #expect(curl.output.split(separator: "\n").last?.hasPrefix("# next update: 2026-05-16T15:11:30Z (phase, ") == true, "\(curl.output)")
        let grouped = try CLI.run(["payload", "--batch", "--group", "--next-update", "rules/match", "-"])
        #expect(grouped.status == 2 && grouped.errors.contains("leave out --next-update"))
    }

    /// Each batch line carries its own activity's next update, after `id`, keys in canonical
    /// order, with and without an id, on both platforms; without the flag, no member.
    @Test func eachBatchLineCarriesItsOwn() throws {
        let lines = [PayloadCommandTests.lines[0], PayloadCommandTests.lines[4]]
        let folder = try CLI.copyOfPack("match", files: ["states.jsonl": lines.joined(separator: "\n") + "\n"])
        for platform in ["ios", "android"] {
            let outcome = try CLI.run(["payload", "--batch", "--next-update", "--platform", platform, "rules/match", "rules/match/states.jsonl"],
                                      in: folder)
            #expect(outcome.status == 0, "\(outcome.errors)")
            let output = outcome.output.split(separator: "\n").map(String.init)
            #expect(output.count == 2)
            for line in output {
                let object = try json(line)
                #expect(object["nextUpdate"] is NSNull || object["nextUpdate"] is [String: Any])
                // Canonical: "nextUpdate" last, after "id" when there is one.
                let tail = try #require(line.range(of: #","nextUpdate":"#, options: .backwards))
                #expect((try? JSONSerialization.jsonObject(with: Data(line[tail.upperBound...].dropLast().utf8), options: .fragmentsAllowed)) != nil)
            }
            if platform == "ios" {
                #expect(output[0].contains(#"},"id":"a","nextUpdate":"#))
            } else {
                #expect(output[0].hasPrefix(#"{"id":"a","message":"#) && output[1].hasPrefix(#"{"message":"#))
            }
            #expect(try json(output[0])["id"] as? String == "a")
            let plain = try CLI.run(["payload", "--batch", "--platform", platform, "rules/match", "rules/match/states.jsonl"], in: folder)
            #expect(!plain.output.contains("nextUpdate"))
        }
    }
}
