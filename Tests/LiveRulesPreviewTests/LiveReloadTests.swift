import Foundation
import Testing
@testable import LiveRulesPreview

/// Saving files reaches a connected client through the reloader and the event stream.
@Suite(.serialized) struct LiveReloadTests {
    @Test func aSavedRuleReachesAConnectedClientWithinASecondAndABrokenOneShowsTheBanner() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let events = try EventStreamClient(port: running.port)
        #expect(await events.wait(for: 5) { $0.contains("event: hello") } != nil)

        let badges = running.rules.appendingPathComponent("meetings/badges.lua")
        let original = try String(contentsOf: badges, encoding: .utf8)
        #expect(original.contains("\"In progress\""))
        try original.replacingOccurrences(of: "\"In progress\"", with: "\"Happening\"").write(to: badges, atomically: true, encoding: .utf8)
        let took = await events.wait(for: 5) { $0.contains("event: change") }
        #expect(took != nil)
        #expect((took ?? 99) < 1, "the change arrived after \(took ?? 99) s")
        let combo = running.studio.snapshot().packs[0].cases.first { $0.id == "meetings/combo-back-to-back-5-min" }
        #expect(combo?.presentation?.badge.text == "Happening")
        #expect(combo?.status == .changed)
        #expect(running.studio.snapshot().packs[0].banner.isEmpty)

        let before = running.studio.revision
        let changes = events.text.components(separatedBy: "event: change").count
        try (original + "\nthis is not lua\n").write(to: badges, atomically: true, encoding: .utf8)
        #expect(await events.wait(for: 5) { $0.components(separatedBy: "event: change").count > changes } != nil)
        #expect(running.studio.revision > before)
        let pack = running.studio.snapshot().packs[0]
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(pack.banner.contains { $0.contains("meetings/badges.lua:\(lines + 1):1: error:") }, "\(pack.banner)")
        let kept = pack.cases.first { $0.id == "meetings/combo-back-to-back-5-min" }
        #expect(kept?.presentation?.badge.text == "Happening", "the last good rendering stays")

        let page = try await running.request("GET", "/api/studio")
        let banner = ((page.json["packs"] as? [[String: Any]])?.first?["banner"] as? [String]) ?? []
        #expect(!banner.isEmpty)
    }

    @Test func aSavedFixtureIsRenderedAgain() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let events = try EventStreamClient(port: running.port)
        #expect(await events.wait(for: 5) { $0.contains("event: hello") } != nil)
        let fixture = running.rules.appendingPathComponent("meetings/fixtures/done.json")
        let text = try String(contentsOf: fixture, encoding: .utf8)
        try text.replacingOccurrences(of: "\"now\"", with: "\"now\" : \"broken\", \"x\"").write(to: fixture, atomically: true, encoding: .utf8)
        #expect(await events.wait(for: 5) { $0.contains("event: change") } != nil)
        let done = running.studio.snapshot().packs[0].cases.first { $0.id == "meetings/done" }
        #expect(done?.status == .error)
        #expect(done?.problems.first?.contains("fixtures/done.json:") == true)
    }
}
