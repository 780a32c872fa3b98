#if Service
import Foundation
import HTTPTestSupport
import Testing

/// Saving a pack reloads it once its golden tests pass: a save that fails them is refused,
/// logged and counted while the last good version keeps serving; a pack with no good version
/// makes the server unhealthy until one passes.
@Suite struct ServeReloadTests {
    /// Every badge text changes: every golden of meetings fails.
    static let breaking: @Sendable (String) -> String = {
        $0.replacingOccurrences(of: "return { text = case.text,", with: "return { text = case.text .. \"!\",")
    }

    @Test func aBrokenSaveIsRefusedAndTheLastGoodVersionKeepsServingUntilAGoodOne() async throws {
        let server = try await RunningServer(packs: ["meetings"], copying: true)
        let badge = server.rules.appendingPathComponent("meetings/badge.lua")
        let original = try String(contentsOf: badge, encoding: .utf8)
        let body = try ServeFixtures.fixture("meetings", try ServeFixtures.names("meetings")[0])
        let before = try await server.post("/v1/meetings/present", body)
        let firstHash = try Self.hash(try await server.request("GET", "/health"))
        #expect(before.status == 200)

        try RunningServer.edit(badge, Self.breaking)
        #expect(try await server.wait { try await Self.metric(server, #"liverules_reloads_total{path="\#(server.rules.path)/meetings",outcome="refused"}"#) >= 1 })
        #expect(server.log.contains("rejected"))
        #expect(server.log.contains("golden test fails"))
        let during = try await server.post("/v1/meetings/present", body)
        #expect(during.body == before.body, "the last good version answers")
        let health = try await server.request("GET", "/health")
        #expect(health.status == 200)
        #expect(try Self.hash(health) == firstHash)
        let refused = try #require((health.json["packs"] as? [[String: Any]])?.first?["refused"] as? [String: Any])
        #expect((refused["problems"] as? [String])?.isEmpty == false)

        try (original + "-- reviewed\n").write(to: badge, atomically: true, encoding: .utf8)
        #expect(try await server.wait { try await Self.metric(server, #"liverules_reloads_total{path="\#(server.rules.path)/meetings",outcome="accepted"}"#) >= 2 })
        let after = try await server.request("GET", "/health")
        #expect(try Self.hash(after) != firstHash)
        #expect((after.json["packs"] as? [[String: Any]])?.first?["refused"] == nil)
        #expect(try await server.post("/v1/meetings/present", body).body == before.body)
        let exposition = try PrometheusExposition(try await server.request("GET", "/metrics").body)
        let hash = try Self.hash(after)
        #expect(exposition.samples.keys.contains { $0.hasPrefix("liverules_pack_info{") && $0.contains(hash) })
    }

    @Test func healthIsUnavailableUntilEveryPackHasAGoodVersion() async throws {
        let server = try await RunningServer(packs: ["meetings", "match"], copying: true, edits: ["meetings/badge.lua": Self.breaking])
        let unhealthy = try await server.request("GET", "/health")
        #expect(unhealthy.status == 503)
        #expect(unhealthy.json["status"] as? String == "unavailable")
        let packs = try #require(unhealthy.json["packs"] as? [[String: Any]])
        #expect(packs.map { $0["serving"] as? Bool } == [true, false], "match serves; meetings has no good version")
        #expect(try await server.post("/v1/match/present", try ServeFixtures.good()).status == 200)
        #expect(try await server.post("/v1/meetings/present", try ServeFixtures.good("meetings")).status == 404)

        try RunningServer.edit(server.rules.appendingPathComponent("meetings/badge.lua")) {
            $0.replacingOccurrences(of: "return { text = case.text .. \"!\",", with: "return { text = case.text,")
        }
        #expect(try await server.wait { try await server.request("GET", "/health").status == 200 })
        #expect(try await server.post("/v1/meetings/present", try ServeFixtures.good("meetings")).status == 200)
    }

    /// The hash of the first pack of a health answer.
    static func hash(_ health: HTTPTestResponse) throws -> String {
        try #require((health.json["packs"] as? [[String: Any]])?.first?["hash"] as? String)
    }

    /// The value of `series` in the server's metrics now.
    static func metric(_ server: RunningServer, _ series: String) async throws -> Double {
        try PrometheusExposition(try await server.request("GET", "/metrics").body)[series]
    }
}
#endif
