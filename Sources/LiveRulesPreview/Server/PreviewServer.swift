#if Studio
import Foundation
import Hummingbird
import LiveRules
import LiveRulesHTTP
import LiveRulesTooling

/// The preview studio's HTTP server: the page, its JSON API, the event stream, and the golden
/// decisions, over a ``PreviewStudio``.
///
/// Routes: `GET /` (the page, carrying the token), `GET /studio.css`, `GET /studio.js`,
/// `GET /fonts/NAME` (the page's fonts and their licence, `fonts/OFL.txt`),
/// `GET /api/studio[?pack=PATH]`, `GET /api/timeline?pack=PATH&case=ID[&from=ISO&to=ISO&step=SECONDS]`,
/// `GET /api/events?token=TOKEN` (server-sent events: one `change` per rendering), and
/// `POST /api/accept`, `POST /api/reject` with `{"pack", "case", "current"}`. Every API request
/// carries the token in `X-LiveRules-Token` (``PreviewGuard``). Work that presents, touches
/// files or encodes the studio's data runs in a ``PreviewLane`` within ``PreviewLimits``. Served
/// by the ``HTTPServer`` core, with a ``RequestMarker`` after the HTTP/1 decoder.
package struct PreviewServer: Sendable {
    /// The header that carries the token.
    package static let tokenHeader = "X-LiveRules-Token"

    /// The packs served.
    package let studio: PreviewStudio
    /// The secret the served page carries for its API requests.
    package let token: PreviewToken
    /// Where the server tells the person running it what they should know: a timeline stopped
    /// before its end, a request that failed.
    package let report: @Sendable (String) -> Void
    private let http: HTTPServer
    private let timelines = PreviewLane(
        width: PreviewLimits.timelines, busy: "the studio is already stepping through a timeline: try again when it is done")
    private let decisions = PreviewLane(
        width: PreviewLimits.decisions, busy: "the studio is already deciding a golden: try again when it is done")
    private let snapshots = PreviewLane(
        width: PreviewLimits.snapshots, busy: "the studio is already sending its data \(PreviewLimits.snapshots) times: try again")
    private let eventStreams = PreviewLane(
        width: PreviewLimits.eventStreams, busy: "\(PreviewLimits.eventStreams) pages are following the studio already: close one")

    /// A server for `studio` on `host`:`port` (127.0.0.1:4747 by default), with a new token.
    package init(
        studio: PreviewStudio, token: PreviewToken = PreviewToken(), host: String = "127.0.0.1", port: Int = 4747,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.studio = studio
        self.token = token
        self.report = report
        http = HTTPServer(host: host, port: port, name: "preview",
                          advice: .init(holder: " (another studio?)", port: 4747, host: "127.0.0.1"))
    }

    /// Whether the server listens on the loopback interface only.
    package var isLoopback: Bool { http.isLoopback }

    /// What to tell the person when the server could not start or stopped with `error`: the
    /// cause in their terms (`port 4747 is in use (another studio?); pass --port N, …`), never
    /// the error's own text.
    package func failure(_ error: any Error) -> String {
        http.failure(error)
    }

    /// Serves the studio until the process ends, blocking the calling thread; `listening` gets
    /// the server's URL once it listens. The error it stopped with, or nil.
    package func serve(listening: @escaping @Sendable (String) -> Void) -> (any Error)? {
        let address = http
        let app = application { port in listening(address.url(port: port)) }
        return HTTPServer.untilStopped { try await app.run() }
    }

    /// The application serving the studio; `onRunning` gets the port it listens on.
    package func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router(context: HTTPRequestContext.self)
        router.add(middleware: HTTPGuard(PreviewGuard(token: token, checksHost: isLoopback, report: report)))
        addPage(to: router)
        addAPI(to: router)
        return http.application(router: router, channel: .init(afterDecoder: { [RequestMarker()] }), onRunning: onRunning)
    }

    private func addPage(to router: Router<HTTPRequestContext>) {
        let token = token
        router.get("/") { _, _ in
            Response.text(PreviewPage.served(token: token), type: "text/html; charset=utf-8")
        }
        router.get("/:asset") { _, context in
            try Self.asset(context.parameters.get("asset") ?? "")
        }
        router.get("/fonts/:font") { _, context in
            try Self.asset("fonts/" + (context.parameters.get("font") ?? ""))
        }
    }

    /// Page file `name` as its content type; 404 when none is served by that name.
    private static func asset(_ name: String) throws -> Response {
        guard let bytes = PreviewPage.asset(name), let type = PreviewPage.assets[name] else { throw HTTPError(.notFound) }
        return Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    private func addAPI(to router: Router<HTTPRequestContext>) {
        let (studio, report) = (studio, report)
        let (timelines, decisions, snapshots, eventStreams) = (timelines, decisions, snapshots, eventStreams)
        router.get("/api/studio") { request, _ in
            let pack = request.uri.queryParameters["pack"].map(String.init)
            return Self.json(text: try await snapshots.run { _ throws(StudioError) in try Self.encoded(studio.snapshot(pack: pack)) })
        }
        router.get("/api/timeline") { request, _ in
            let query = request.uri.queryParameters
            let (pack, id) = (String(query["pack"] ?? ""), String(query["case"] ?? ""))
            let (from, to, step) = (query["from"].map(String.init), query["to"].map(String.init), query["step"].map(String.init))
            // A client that goes away cancels this task, and so the job, between two steps.
            let text = try await request.body.consumeWithCancellationOnInboundClose { _ in
                try await timelines.run(report: report) { job throws(StudioError) in
                    try Self.encoded(studio.timeline(pack: pack, case: id, from: from, to: to, step: step) { timeline in
                        let reason = job.stopReason
                            ?? (timeline.updates < PreviewLimits.timelineUpdates ? nil
                                : "it reached \(PreviewLimits.timelineUpdates) updates, the most one answer holds")
                            ?? (timeline.presentations < PreviewLimits.timelinePresentations ? nil
                                : "it made \(PreviewLimits.timelinePresentations) presentations, the most one may")
                        if let reason { job.endingReport = "timeline of \(id): stopped after \(timeline.presented) of \(timeline.range.count) steps: \(reason)" }
                        return reason
                    })
                }
            }
            return Self.json(text: text)
        }
        router.get("/api/events") { request, _ in
            try eventStreams.enter()
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                            body: PreviewEvents.body(studio, request: request, onEnd: eventStreams.leave))
        }
        for decision in [GoldenDecision.accept, .reject] {
            router.post("/api/\(decision.rawValue)") { request, _ in
                let body = try await request.body.collect(upTo: PreviewLimits.body)
                guard let asked = try? JSONDecoder().decode(DecisionRequest.self, from: Data(buffer: body)) else {
                    throw StudioError(.badRequest, "expected {\"pack\": …, \"case\": …, \"current\": …}")
                }
                return Self.json(text: try await decisions.run { _ throws(StudioError) in
                    try Self.encoded(studio.decide(decision, pack: asked.pack, case: asked.case, current: asked.current))
                })
            }
        }
    }

    /// The body of an accept or reject request.
    private struct DecisionRequest: Decodable {
        var pack: String
        var `case`: String
        var current: String?
    }

    static func json(text: String) -> Response {
        Response.text(text, type: "application/json")
    }

    /// `value` as the API's JSON: keys sorted, slashes as they are.
    static func encoded(_ value: some Encodable) throws(StudioError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw StudioError(.failed, "the answer could not be written as JSON: \(error.localizedDescription)")
        }
    }
}

/// The bounds of the studio's work: how much one request may cost, and how many expensive
/// requests run at once. A request over a count is refused at once with 503 and a message
/// (never queued); each bounded job runs on a thread of its own (``PreviewLane``).
package enum PreviewLimits {
    /// Timelines stepped through at once, per studio.
    package static let timelines = 1
    /// Golden decisions (accept, reject: each presents the case and renders its pack again) at once.
    package static let decisions = 1
    /// `/api/studio` answers encoded at once (the data of the bundled packs is about 1 MB).
    package static let snapshots = 4
    /// Event streams open at once (one per open page).
    package static let eventStreams = 16
    /// The most updates one timeline answer holds (each carries a whole presentation): past
    /// that, the timeline stops and says so.
    package static let timelineUpdates = 2_000
    /// The most presentations one timeline makes before it stops and answers with what it has:
    /// a far backstop, counted, so it stops at the same point on any machine under any load
    /// (the whole range of 20,000 steps of a bundled pack makes about 25,000; rules announcing a
    /// moment every second would make one per second of the range). Each presentation is
    /// bounded by its counted budgets.
    package static let timelinePresentations = 200_000
    /// The largest request body read, in bytes.
    package static let body = 64 * 1024
}
#endif
