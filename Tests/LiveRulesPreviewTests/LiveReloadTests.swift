#if Studio
import Foundation
import HTTPTestSupport
import Testing

/// Saving files reaches a connected client through the reloader and the event stream.
@Suite(.serialized) struct LiveReloadTests {
    /// The text of the badge a studio case shows.
    private func badgeText(_ studioCase: [String: Any]) -> String? {
        ((studioCase["presentation"] as? [String: Any])?["badge"] as? [String: Any])?["text"] as? String
    }

    @Test func aSavedRuleReachesAConnectedClientAndABrokenOneShowsTheBanner() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let events = try EventStreamClient(port: running.port, token: running.token)
        #expect(await events.arrived("event: hello"))

        let badges = running.rules.appendingPathComponent("meetings/badges.lua")
        let original = try String(contentsOf: badges, encoding: .utf8)
        #expect(original.contains("\"In progress\""))
        try original.replacingOccurrences(of: "\"In progress\"", with: "\"Happening\"").write(to: badges, atomically: true, encoding: .utf8)
        let (combo, revision) = try #require(await running.waitForCase("meetings/combo-back-to-back-5-min") { badgeText($0) == "Happening" })
        #expect(combo["status"] as? String == "changed")
        #expect(await events.arrivedChange(revision: revision), "the client was told of revision \(revision)")

        try (original + "\nthis is not lua\n").write(to: badges, atomically: true, encoding: .utf8)
        var pack: [String: Any]?
        var banner: [String] = []
        let deadline = Date().addingTimeInterval(60)
        while banner.isEmpty, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
            pack = (try await running.snapshot()["packs"] as? [[String: Any]])?.first
            banner = pack?["banner"] as? [String] ?? []
        }
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(banner.contains { $0.contains("meetings/badges.lua:\(lines + 1):1: error:") }, "\(banner)")
        let kept = (pack?["cases"] as? [[String: Any]])?.first { $0["id"] as? String == "meetings/combo-back-to-back-5-min" }
        #expect(kept.flatMap(badgeText) == "Happening", "the last good rendering stays")

        // A counter kept from loading would make each case depend on those drawn before it.
        let counter = "local tick = (function() local n = 0 return function() n = n + 1 return n end end)()\n"
        let counting = counter + original.replacingOccurrences(of: "first = facts.first == true,", with: "first = facts.first == true and tick() > 0,")
        #expect(counting.contains("tick() > 0"))
        try counting.write(to: badges, atomically: true, encoding: .utf8)
        banner = []
        while !banner.contains(where: { $0.contains("assigns 'n'") }), Date() < deadline.addingTimeInterval(60) {
            try await Task.sleep(for: .milliseconds(20))
            pack = (try await running.snapshot()["packs"] as? [[String: Any]])?.first
            banner = pack?["banner"] as? [String] ?? []
        }
        #expect(banner.contains { $0.contains("meetings/badges.lua:1:1: error: a function made while the pack loaded") }, "\(banner)")
    }

    @Test func aSavedFixtureIsRenderedAgain() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let events = try EventStreamClient(port: running.port, token: running.token)
        #expect(await events.arrived("event: hello"))
        let fixture = running.rules.appendingPathComponent("meetings/fixtures/done.json")
        let text = try String(contentsOf: fixture, encoding: .utf8)
        try text.replacingOccurrences(of: "\"now\"", with: "\"now\" : \"broken\", \"x\"").write(to: fixture, atomically: true, encoding: .utf8)
        let (done, revision) = try #require(await running.waitForCase("meetings/done") { $0["status"] as? String == "error" })
        #expect((done["problems"] as? [String])?.first?.contains("fixtures/done.json:") == true)
        #expect(await events.arrivedChange(revision: revision), "the client was told of revision \(revision)")
    }
}
#endif
