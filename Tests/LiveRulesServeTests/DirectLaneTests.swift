#if Service
import Foundation
import HTTPTestSupport
import LiveRulesHTTP
import Testing

/// `present` and `payload` are answered in the connection's pipeline, the other routes by the
/// router: on one keep-alive connection, with requests sent back to back before any answer
/// (pipelined), answers still come in the order the requests came, whichever answers them and
/// wherever a presentation runs, and carry the same fields.
@Suite struct DirectLaneTests {
    /// A request as a keep-alive client writes it; with `closing`, asking for the connection to close.
    static func request(_ method: String, _ target: String, body: String = "", closing: Bool = false) -> String {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if method == "POST" { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        if closing { head += "Connection: close\r\n" }
        return head + "\r\n" + body
    }

    /// What a route answered, told apart: its status, and for presentations the phase.
    static func outline(_ answer: HTTPTestResponse) -> String {
        if let phase = answer.json["phase"] as? String { return "\(answer.status) \(phase)" }
        if let kind = answer.json["kind"] as? String { return "\(answer.status) \(kind)" }
        return "\(answer.status)"
    }

    /// Two meetings fixtures whose answers tell them apart, and the outlines of their answers
    /// from `server`, each asked for alone.
    static func twoFixtures(on server: RunningServer) async throws -> (first: String, second: String, alone: [String]) {
        let first = try ServeFixtures.fixture("meetings", "countdown-last")
        let second = try ServeFixtures.fixture("meetings", "done-empty-day")
        let alone = [
            try await server.post("/v1/meetings/present", first), try await server.post("/v1/meetings/present", second),
        ].map(outline)
        #expect(alone[0] != alone[1], "two fixtures that tell their answers apart: \(alone)")
        return (first, second, alone)
    }

    @Test func pipelinedAnswersComeInTheOrderTheRequestsCame() async throws {
        let server = try await RunningServer(packs: ["meetings"])
        let (first, second, alone) = try await Self.twoFixtures(on: server)
        let requests = [
            Self.request("POST", "/v1/meetings/present", body: first),
            Self.request("GET", "/health"),
            Self.request("POST", "/v1/nothing/present", body: first),
            Self.request("POST", "/v1/meetings/present?colour=red", body: first),
            Self.request("POST", "/v1/meetings/present", body: second),
            Self.request("GET", "/v1/meetings/present"),
            Self.request("POST", "/v1/meetings/present", body: first, closing: true),
        ]
        let answers = try await HTTPTestClient.raw(port: server.port, requests.joined(), count: requests.count + 1)
        #expect(answers.map(Self.outline) == [alone[0], "200", "404 unknown_pack", "400 query", alone[1], "405 route", alone[0]],
                "refusals at the head keep the connection; the last request closes it: \(answers.map(\.body))")
        #expect(answers.last?.headers["connection"] == "close")
    }

    /// A presentation moved off the loop (a rule overstaying it) holds back the requests sent
    /// after it on its connection, and is answered first.
    @Test func requestsAfterAMovedPresentationWaitForItsAnswer() async throws {
        let server = try await RunningServer(packs: ["match"], copying: true, edits: ServeFixtures.spinningBadge)
        let fixture = try ServeFixtures.fixture("match", "after-full-time")
        let runaway = try ServeFixtures.runaway()
        let phase = Self.outline(try await server.post("/v1/match/present", fixture))
        let requests = [
            Self.request("POST", "/v1/match/present", body: runaway),
            Self.request("POST", "/v1/match/present", body: fixture),
            Self.request("GET", "/health"),
            Self.request("POST", "/v1/match/present", body: fixture, closing: true),
        ]
        let answers = try await HTTPTestClient.raw(port: server.port, requests.joined(), count: requests.count + 1)
        #expect(answers.map(Self.outline) == ["500 rule", phase, "200", phase], "\(answers.map(\.body))")
        #expect(try await ServeBadInputTests.metric(server, #"liverules_presentations_moved_total{pack="match",reason="overstayed"}"#) == 1)
    }

    @Test func presentationsCarryTheFieldsTheRoutersAnswersDo() async throws {
        let server = try await RunningServer(packs: ["match"])
        let presented = try await server.post("/v1/match/present", try ServeFixtures.good())
        let refused = try await server.post("/v1/nothing/present", try ServeFixtures.good())
        let routed = try await server.request("GET", "/health")
        for answer in [presented, refused, routed] {
            #expect(answer.headers["server"] == routed.headers["server"] && answer.headers["server"] != nil, "\(answer.headers)")
            #expect(answer.headers["date"].map(Self.isIMFFixdate) == true, "\(answer.headers)")
            #expect(answer.headers["content-type"] == "application/json", "\(answer.headers)")
            #expect(answer.headers["content-length"] == String(answer.body.utf8.count), "\(answer.headers)")
        }
        #expect(presented.headers["liverules-pack-hash"] != nil && refused.headers["liverules-pack-hash"] == nil)
    }

    /// The lane writes its answers' bytes itself, past NIO's encoder: their status lines are
    /// the ones the router's answers, which the encoder writes, have for the same status.
    @Test func statusLinesAreTheRoutersOnes() async throws {
        let server = try await RunningServer(packs: ["match"])
        let body = try ServeFixtures.good()
        let port = server.port
        func statusLine(_ request: String) async throws -> String {
            let data = try await HTTPTestClient.onThread {
                let socket = try HTTPTestClient.connect(port: port)
                defer { close(socket) }
                try HTTPTestClient.send(socket, request)
                return HTTPTestClient.readAll(socket)
            }
            return String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")[0]
        }
        let lane = [
            try await statusLine(Self.request("POST", "/v1/match/present", body: body, closing: true)),
            try await statusLine(Self.request("POST", "/v1/nothing/present", body: body, closing: true)),
        ]
        let router = [
            try await statusLine(Self.request("GET", "/health", closing: true)),
            try await statusLine(Self.request("GET", "/nothing", closing: true)),
        ]
        #expect(lane == router && router == ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found"], "\(lane) \(router)")
    }

    /// A client that does not keep its connection alive (HTTP/1.0 without `keep-alive`) is
    /// answered in its version and has the connection closed after the answer; the request it
    /// sent after is never read.
    @Test func anHTTP10ClientIsAnsweredInItsVersionAndClosed() async throws {
        let server = try await RunningServer(packs: ["match"])
        let body = try ServeFixtures.good()
        let request = "POST /v1/match/present HTTP/1.0\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        let port = server.port
        let data = try await HTTPTestClient.onThread {
            let socket = try HTTPTestClient.connect(port: port)
            defer { close(socket) }
            try HTTPTestClient.send(socket, request + request)
            return HTTPTestClient.readAll(socket)
        }
        let answers = try HTTPTestClient.responses(in: data)
        #expect(answers.count == 1 && answers.first?.json["phase"] != nil, "\(answers.map(\.body))")
        #expect(String(decoding: data.prefix(8), as: UTF8.self) == "HTTP/1.0")
    }

    /// Requests whose connection ends in the same read as they do are still answered: the client
    /// that shuts its sending side after its last request (`nc -N`, a shell's `printf | …`) gets
    /// every answer, and so does the one that follows a whole request with bytes that are not
    /// HTTP, before the connection is refused. (An answer put off until the loop's tasks, to batch
    /// presentations, was lost to the first: NIO closed the connection before the tasks ran.)
    @Test func requestsAreAnsweredWhenTheirConnectionEndsInTheSameRead() async throws {
        let server = try await RunningServer(packs: ["meetings"])
        let (first, second, expected) = try await Self.twoFixtures(on: server)
        let port = server.port
        let twoThenEnd = Self.request("POST", "/v1/meetings/present", body: first) + Self.request("POST", "/v1/meetings/present", body: second)
        let halfClosed = try await HTTPTestClient.onThread {
            let socket = try HTTPTestClient.connect(port: port)
            defer { close(socket) }
            try HTTPTestClient.send(socket, twoThenEnd)
            shutdown(socket, Int32(SHUT_WR))
            return HTTPTestClient.readAll(socket)
        }
        #expect(try HTTPTestClient.responses(in: halfClosed).map(Self.outline) == expected)
        let thenGarbage = Self.request("POST", "/v1/meetings/present", body: first) + "\u{1}\u{2} not a request\r\n\r\n"
        let refused = try await HTTPTestClient.onThread {
            let socket = try HTTPTestClient.connect(port: port)
            defer { close(socket) }
            try HTTPTestClient.send(socket, thenGarbage)
            return HTTPTestClient.readAll(socket)
        }
        #expect(try HTTPTestClient.responses(in: refused).first.map(Self.outline) == expected[0])
    }

    /// SIGTERM while a presentation runs off the loop: its answer is written, then the server
    /// exits 0.
    @Test func sigtermWritesTheMovedPresentationsAnswerThenExitsZero() async throws {
        let server = try await RunningServer(packs: ["match"], copying: true, edits: ServeFixtures.spinningBadge)
        let runaway = try ServeFixtures.runaway()
        let slow = try StreamingRequest(port: server.port, "/v1/match/present", length: runaway.utf8.count)
        try slow.send(raw: runaway)
        let moved = #"liverules_presentations_moved_total{pack="match",reason="overstayed"}"#
        #expect(try await server.wait { try await ServeBadInputTests.metric(server, moved) == 1 })
        server.child.terminate()
        let stopped = try await slow.response()
        #expect(stopped.status == 500 && stopped.json["kind"] as? String == "rule", "\(stopped.status) \(stopped.body)")
        #expect(try await server.child.exitStatus() == 0)
    }

    @Test func datesAreWrittenInTheIMFFixdateForm() {
        #expect(HTTPDate.field(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.field(1_796_002_829) == "Mon, 30 Nov 2026 01:40:29 GMT")
        #expect(Self.isIMFFixdate(HTTPDate.field()))
    }

    /// Whether `text` is a date as HTTP writes it (`Mon, 30 Nov 2026 01:40:29 GMT`).
    static func isIMFFixdate(_ text: String) -> Bool {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text).map(formatter.string(from:)) == text
    }
}
#endif
