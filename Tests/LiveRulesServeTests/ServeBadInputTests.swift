#if Service
import Foundation
import HTTPTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Each class of bad input gets its status and a JSON error carrying the diagnostics the command
/// line reports for the same input, while a good request sent alongside is answered as usual.
@Suite struct ServeBadInputTests {
    /// A bad present body: why, the body, the status and the kind it gets.
    struct BadBody: Sendable, CustomTestStringConvertible {
        var why: String
        var body: @Sendable () throws -> String
        var status: Int
        var kind: String
        var testDescription: String { why }
    }

    static let badBodies: [BadBody] = [
        BadBody(why: "malformed JSON", body: { #"{"now": "2026-05-16T16:15:00Z", "state": }"# }, status: 400, kind: "json"),
        BadBody(why: "not JSON at all", body: { "now=2026-05-16" }, status: 400, kind: "json"),
        BadBody(why: "a missing field", body: { try ServeFixtures.good().replacingOccurrences(of: "\"score\"", with: "\"scores\"") },
                status: 422, kind: "schema"),
        BadBody(why: "a mistyped field", body: { try ServeFixtures.fixture("match", "after-full-time").replacingOccurrences(of: "\"home\": 3", with: "\"home\": \"3\"") },
                status: 422, kind: "schema"),
        BadBody(why: "a bad now", body: { try ServeFixtures.good().replacingOccurrences(of: "\"now\": \"2026", with: "\"now\": \"tomorrow 2026") },
                status: 422, kind: "schema"),
        BadBody(why: "not an object", body: { "[1, 2]" }, status: 422, kind: "schema"),
    ]

    @Test(arguments: badBodies)
    func presentRefusesABadBodyWithTheDiagnosticsOfEval(_ bad: BadBody) async throws {
        let server = try await RunningServer(packs: ["match"])
        let body = try bad.body()
        let answer = try await Self.alongsideAGoodRequest(server) { try await server.post("/v1/match/present", body) }
        let printed = try ServeCLI.eval(server.rules.appendingPathComponent("match"), body)
        #expect(answer.status == bad.status, "\(answer.body)")
        #expect(answer.json["kind"] as? String == bad.kind)
        #expect(printed.status == 2)
        #expect((answer.json["error"] as? String).map { $0 + "\n" } == printed.errors)
        let diagnostics = try #require(answer.json["diagnostics"] as? [[String: Any]])
        #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0["file"] as? String == "body" && ($0["line"] as? Int ?? 0) > 0 })
    }

    @Test(arguments: [("an unknown event", #""event": "sideways""#), ("a bad previous timestamp", #""previousTimestamp": "yesterday""#),
                      ("a mistyped id", #""id": 7"#), ("an unknown member", #""device": "x""#)])
    func payloadRefusesABadLineWithTheDiagnosticsOfTheBatch(_ why: String, _ member: String) async throws {
        let server = try await RunningServer(packs: ["match"])
        let line = String(try ServeFixtures.line("match", "after-full-time").dropLast()) + ", " + member + "}"
        let answer = try await Self.alongsideAGoodRequest(server) { try await server.post("/v1/match/payload", line) }
        let written = try ServeCLI.batch(server.rules.appendingPathComponent("match"), line + "\n")
        let errorLine = try #require(try JSONSerialization.jsonObject(with: Data(written.output.utf8)) as? [String: Any], "\(written)")
        #expect(answer.status == 422, "\(why): \(answer.body)")
        #expect(answer.json["kind"] as? String == "schema")
        #expect(answer.json["error"] as? String == errorLine["error"] as? String)
    }

    /// A body whose framing is malformed cannot be read as sent: 400 `framing`, as every other
    /// framing error, never a 500; a good request alongside is served.
    @Test(arguments: [("a chunk size that is no number", "zz\r\n{}\r\n0\r\n\r\n"),
                      ("a chunk longer than its size", "2\r\n{\"now\": 1}\r\n0\r\n\r\n")])
    func aMalformedChunkedBodyIsABadRequest(_ why: String, _ chunks: String) async throws {
        let server = try await RunningServer(packs: ["match"])
        let request = "POST /v1/match/present HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunks
        let answer = try await Self.alongsideAGoodRequest(server) {
            try #require(try await HTTPTestClient.raw(port: server.port, request, count: 1).first, "\(why): no answer")
        }
        #expect(answer.status == 400, "\(why): \(answer.body)")
        #expect(answer.json["kind"] as? String == "framing", "\(why): \(answer.body)")
    }

    @Test func anUnknownPackIsNotFoundWithTheClosestName() async throws {
        let server = try await RunningServer(packs: ["match"])
        let answer = try await Self.alongsideAGoodRequest(server) { try await server.post("/v1/mach/present", try ServeFixtures.good()) }
        #expect(answer.status == 404)
        #expect(answer.json["kind"] as? String == "unknown_pack")
        #expect((answer.json["error"] as? String)?.hasPrefix("mach: error: no pack named 'mach' is active") == true, "\(answer.body)")
        #expect((answer.json["error"] as? String)?.contains("match") == true)
    }

    @Test func aBodyOverTheLimitIsRefusedAndALineOverItFailsAlone() async throws {
        let server = try await RunningServer(packs: ["match"], options: ["--max-body", "3000", "--max-line", "1024"])
        let big = try ServeFixtures.good() + String(repeating: " ", count: 4000)
        let answer = try await Self.alongsideAGoodRequest(server) { try await server.post("/v1/match/present", big) }
        #expect(answer.status == 413)
        #expect(answer.json["kind"] as? String == "too_large")
        #expect(answer.json["error"] as? String == "body: error: the body is larger than 3000 bytes (--max-body)")
        let chunked = try StreamingRequest(port: server.port, "/v1/match/present")
        try chunked.send(chunk: big)
        try chunked.end()
        let refused = try await chunked.response()
        #expect(refused.status == 413, "a body without a length is refused once it is over the limit")
        #expect(refused.json["error"] as? String == answer.json["error"] as? String)

        let line = try ServeFixtures.line("match", "after-full-time")
        let long = String(line.dropLast()) + ", \"id\": \"" + String(repeating: "x", count: 2000) + "\"}"
        let batch = try await server.post("/v1/match/batch", line + "\n" + long + "\n" + line + "\n")
        #expect(batch.status == 200)
        let lines = batch.body.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == lines[2] && !lines[0].contains("error"))
        #expect(lines[1] == #"{"error":"body:2:1: error: the line is longer than 1024 bytes (1 KiB) (--max-line)","line":2}"#)
    }

    @Test func aRequestOverTheConcurrentLimitIsRefusedUntilAPlaceIsFree() async throws {
        let server = try await RunningServer(packs: ["match"], options: ["--max-concurrent", "1"])
        let holding = try StreamingRequest(port: server.port, "/v1/match/batch")
        try holding.send(chunk: try ServeFixtures.line("match", "after-full-time") + "\n")
        #expect(await holding.wait { $0.hasSuffix("\n") }, "the batch holds the only place")
        let refused = try await server.post("/v1/match/present", try ServeFixtures.good())
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "1")
        #expect(refused.json["kind"] as? String == "overloaded")
        #expect(try await server.request("GET", "/health").status == 200, "monitoring is always answered")
        #expect(try await server.request("GET", "/metrics").status == 200)
        try holding.end()
        #expect(try await holding.response().status == 200)
        #expect(try await server.wait { try await server.post("/v1/match/present", try ServeFixtures.good()).status == 200 })
    }

    /// A rule running to its budget ends in a rule error at the pack's own serving deadline, and
    /// monitoring and other requests are answered, during it or after it: nothing here times the
    /// two against each other, since a loaded test process can be slower than the deadline. The
    /// runaway first runs on its connection's event loop, overstays the loop's short deadline
    /// and is moved off it (counted), so its loop waits for that short deadline only.
    @Test func aRuleRunningToItsBudgetEndsAndTheServerGoesOnAnswering() async throws {
        let server = try await RunningServer(packs: ["match"], copying: true, edits: ServeFixtures.spinningBadge)
        let fixture = try ServeFixtures.fixture("match", "after-full-time")
        let runaway = try ServeFixtures.runaway()
        let overstays = #"liverules_presentations_moved_total{pack="match",reason="overstayed"}"#
        #expect(try await server.post("/v1/match/present", fixture).status == 200)
        #expect(try await Self.metric(server, overstays) == 0, "a quick presentation stays where it arrived")
        let slow = try StreamingRequest(port: server.port, "/v1/match/present", length: runaway.utf8.count)
        try slow.send(raw: runaway)
        #expect(try await server.request("GET", "/metrics").status == 200)
        #expect(try await server.request("GET", "/health").status == 200)
        #expect(try await server.post("/v1/match/present", fixture).status == 200)
        let stopped = try await slow.response()
        #expect(stopped.status == 500 && stopped.json["kind"] as? String == "rule", "\(stopped.status) \(stopped.body)")
        #expect(stopped.body.contains("1700 ms"), "the pack's own deadline ended it, not the loop's: \(stopped.body)")
        #expect(try await Self.metric(server, overstays) == 1)
    }

    /// A runaway rule pauses presenting on the event loop for its own pack version only: once
    /// it has overstayed, another pack's presentation still stays where it arrived. Nothing here
    /// depends on speed: the pause lasts 10 s, so a slow machine can only make a wrong pause
    /// pass unseen, never fail this test.
    @Test func anOverstayMovesOnlyItsOwnPacksPresentations() async throws {
        let server = try await RunningServer(packs: ["match", "meetings"], copying: true, edits: ServeFixtures.spinningBadge)
        let runaway = try ServeFixtures.runaway()
        let stopped = try await server.post("/v1/match/present", runaway)
        #expect(stopped.status == 500 && stopped.json["kind"] as? String == "rule", "\(stopped.status) \(stopped.body)")
        #expect(try await Self.metric(server, #"liverules_presentations_moved_total{pack="match",reason="overstayed"}"#) == 1)
        #expect(try await server.post("/v1/meetings/present", try ServeFixtures.fixture("meetings", "countdown-last")).status == 200)
        let exposition = try await server.request("GET", "/metrics").body
        #expect(!exposition.contains(#"pack="meetings",reason="#), "another pack's presentation was moved: \(exposition)")
    }

    /// A client that goes away in the middle of a batch stops it and frees its place.
    @Test func aBatchWhoseClientGoesAwayGivesBackItsPlace() async throws {
        let server = try await RunningServer(packs: ["match"], options: ["--max-concurrent", "1"])
        let leaving = try StreamingRequest(port: server.port, "/v1/match/batch")
        try leaving.send(chunk: try ServeFixtures.line("match", "after-full-time") + "\n")
        #expect(await leaving.wait { $0.hasSuffix("\n") }, "the batch holds the only place")
        leaving.close()
        #expect(try await server.wait { try await server.post("/v1/match/present", try ServeFixtures.good()).status == 200 })
        #expect(try await server.wait {
            try await Self.metric(server, "liverules_requests_in_flight") == 0
        }, "nothing is left running for the batch")
    }

    /// A client that sends a long batch and never reads its answer is disconnected once nothing
    /// has moved for twice the read timeout, and its place is given back.
    @Test func aBatchWhoseClientStopsReadingGivesBackItsPlace() async throws {
        let server = try await RunningServer(packs: ["meetings"], options: ["--max-concurrent", "1", "--read-timeout", "1"])
        // A body the sockets' buffers take whole (so the server is not left waiting to read), with
        // an answer many times larger than they hold.
        let line = try ServeFixtures.line("meetings", "countdown-last") + "\n"
        let body = String(repeating: line, count: 4_000)
        let socket = try HTTPTestClient.connect(port: server.port)
        defer { close(socket) }
        var small: Int32 = 4096
        setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        // Sent from a thread of its own: once the answer stalls, the server stops reading the body.
        Thread.detachNewThread {
            try? HTTPTestClient.send(socket, "POST /v1/meetings/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        }
        // Counters only grow, so no moment is missed however slowly this test runs: once the batch
        // has presented a line it holds the only place until it ends, and with its answer unread
        // it can end only by being closed.
        let batchLines = #"liverules_presentations_total{pack="meetings",route="batch"}"#
        #expect(try await server.wait { try await Self.metric(server, batchLines) > 0 }, "the batch started")
        #expect(try await server.wait { try await server.post("/v1/meetings/present", try ServeFixtures.fixture("meetings", "countdown-last")).status == 200 },
                "the stalled batch is closed and its place given back")
        #expect(try await Self.metric(server, "liverules_requests_in_flight") == 0)
        let presented = try await Self.metric(server, batchLines)
        #expect(presented > 0 && presented < 4_000, "the batch was stopped part way: \(presented) lines presented")
    }

    @Test func aClientTooSlowToSendItsBodyTimesOut() async throws {
        let server = try await RunningServer(packs: ["match"], options: ["--read-timeout", "3"])
        let slow = try StreamingRequest(port: server.port, "/v1/match/present", length: 500)
        try slow.send(raw: "{\"now\": ")
        let good = try await server.post("/v1/match/present", try ServeFixtures.good())
        #expect(good.status == 200)
        let answer = try await slow.response()
        #expect(answer.status == 408)
        #expect(answer.json["kind"] as? String == "timeout")
        #expect(answer.json["error"] as? String == "body: error: the body did not arrive within 3 s (--read-timeout)")

        let batch = try StreamingRequest(port: server.port, "/v1/match/batch")
        try batch.send(chunk: try ServeFixtures.line("match", "after-full-time") + "\n")
        let ended = try await batch.response()
        let lines = ended.body.split(separator: "\n").map(String.init)
        #expect(ended.status == 200)
        #expect(lines.count == 2)
        #expect(lines.last == #"{"error":"body:2:1: error: the body did not arrive within 3 s (--read-timeout)","line":2}"#)
    }

    @Test func aRuleThatFailsIsAServerErrorNamingTheRulesLine() async throws {
        let failing = "if input.now >= 1773100800 then error(\"the badge is out of order\") end"
        let server = try await RunningServer(packs: ["meetings"], copying: true, edits: ["meetings/badge.lua": {
            $0.replacingOccurrences(of: "return function(input)\n", with: "return function(input)\n  \(failing)\n")
        }])
        let name = try ServeFixtures.names("meetings")[0]
        let body = try ServeFixtures.fixture("meetings", name).replacingOccurrences(of: "\"now\": \"2026-03-02", with: "\"now\": \"2026-03-12")
        let answer = try await server.post("/v1/meetings/present", body)
        let printed = try ServeCLI.eval(server.rules.appendingPathComponent("meetings"), body)
        #expect(printed.status == 1)
        #expect(answer.status == 500, "\(answer.body)")
        #expect(answer.json["kind"] as? String == "rule")
        #expect((answer.json["error"] as? String).map { $0 + "\n" } == printed.errors)
        #expect(printed.errors.contains("badge.lua:"))
    }

    @Test func routesMethodsAndQueriesTheServerDoesNotTakeAreRefused() async throws {
        let server = try await RunningServer(packs: ["match"])
        let wrongMethod = try await server.request("GET", "/v1/match/present")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "POST")
        #expect(try await server.request("POST", "/health").headers["allow"] == "GET")
        let noRoute = try await server.request("GET", "/v2/match/present")
        #expect(noRoute.status == 404)
        #expect(noRoute.json["kind"] as? String == "route")
        let platform = try await server.post("/v1/match/payload?platform=windows", try ServeFixtures.line("match", "after-full-time"))
        #expect(platform.status == 400)
        #expect(platform.json["error"] as? String == "query: error: 'platform' must be one of ios, android, got 'windows'")
        #expect(try await server.post("/v1/match/present?platform=ios", try ServeFixtures.good()).status == 400)
    }

    /// The value of `series` in the server's metrics now.
    static func metric(_ server: RunningServer, _ series: String) async throws -> Double {
        try PrometheusExposition(try await server.request("GET", "/metrics").body)[series]
    }

    /// `bad`'s answer, sent alongside a good present request, which must be answered with the
    /// presentation.
    static func alongsideAGoodRequest(_ server: RunningServer, _ bad: @Sendable () async throws -> HTTPTestResponse) async throws -> HTTPTestResponse {
        async let good = server.post("/v1/match/present", try ServeFixtures.good())
        let answer = try await bad()
        let served = try await good
        #expect(served.status == 200, "the good request: \(served.body)")
        #expect(served.json["phase"] != nil)
        return answer
    }
}
#endif
