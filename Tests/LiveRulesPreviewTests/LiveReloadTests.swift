import Foundation
import Testing

/// Saving files reaches a connected client through the reloader and the event stream.
@Suite(.serialized) struct LiveReloadTests {
    @Test func aSavedRuleReachesAConnectedClientWithinASecondAndABrokenOneShowsTheBanner() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let events = try EventStreamClient(port: running.port)
        #expect(await events.arrival(of: "event: hello") != nil)

        let badges = running.rules.appendingPathComponent("meetings/badges.lua")
        let original = try String(contentsOf: badges, encoding: .utf8)
        #expect(original.contains("\"In progress\""))
        let saved = Date()
        try original.replacingOccurrences(of: "\"In progress\"", with: "\"Happening\"").write(to: badges, atomically: true, encoding: .utf8)
        let arrived = try #require(await events.arrival(of: "event: change"))
        let took = arrived.timeIntervalSince(saved)
        #expect(took < 1, "the change arrived \(took) s after the save")
        let combo = try await running.studioCase("meetings/combo-back-to-back-5-min")
        #expect((combo?["presentation"] as? [String: Any]).flatMap { ($0["badge"] as? [String: Any])?["text"] as? String } == "Happening")
        #expect(combo?["status"] as? String == "changed")

        try (original + "\nthis is not lua\n").write(to: badges, atomically: true, encoding: .utf8)
        var pack: [String: Any]?
        var banner: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while banner.isEmpty, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
            pack = (try await running.snapshot()["packs"] as? [[String: Any]])?.first
            banner = pack?["banner"] as? [String] ?? []
        }
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(banner.contains { $0.contains("meetings/badges.lua:\(lines + 1):1: error:") }, "\(banner)")
        let kept = (pack?["cases"] as? [[String: Any]])?.first { $0["id"] as? String == "meetings/combo-back-to-back-5-min" }
        #expect((kept?["presentation"] as? [String: Any]).flatMap { ($0["badge"] as? [String: Any])?["text"] as? String } == "Happening",
                "the last good rendering stays")
    }

    @Test func aSavedFixtureIsRenderedAgain() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let events = try EventStreamClient(port: running.port)
        #expect(await events.arrival(of: "event: hello") != nil)
        let fixture = running.rules.appendingPathComponent("meetings/fixtures/done.json")
        let text = try String(contentsOf: fixture, encoding: .utf8)
        try text.replacingOccurrences(of: "\"now\"", with: "\"now\" : \"broken\", \"x\"").write(to: fixture, atomically: true, encoding: .utf8)
        #expect(await events.arrival(of: "event: change") != nil)
        let done = try await running.studioCase("meetings/done")
        #expect(done?["status"] as? String == "error")
        #expect((done?["problems"] as? [String])?.first?.contains("fixtures/done.json:") == true)
    }
}
