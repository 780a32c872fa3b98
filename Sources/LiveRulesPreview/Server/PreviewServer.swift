#if Studio
import Foundation
import Hummingbird
import LiveRules
import LiveRulesTooling
import Logging
import NIOCore

/// The preview studio's HTTP server: the page, its JSON API, the event stream, and the golden
/// decisions, over a ``PreviewStudio``.
///
/// Routes: `GET /` (the page, carrying the token), `GET /studio.css`, `GET /studio.js`,
/// `GET /api/studio[?pack=PATH]`, `GET /api/timeline?pack=PATH&case=ID[&from=ISO&to=ISO&step=SECONDS]`,
/// `GET /api/events?token=TOKEN` (server-sent events: one `change` per rendering), and
/// `POST /api/accept`, `POST /api/reject` with `{"pack", "case", "current"}`. Every API request
/// carries the token in `X-LiveRules-Token` (``PreviewGuard``). Work that presents, touches
/// files or encodes the studio's data runs in a ``PreviewLane`` within ``PreviewLimits``.
package struct PreviewServer: Sendable {
    /// The header that carries the token.
    package static let tokenHeader = "X-LiveRules-Token"

    /// The packs served.
    package let studio: PreviewStudio
    /// The secret the served page carries for its API requests.
    package let token: PreviewToken
    /// The address to listen on.
    package let host: String
    /// The port; 0 takes any free port.
    package let port: Int
    /// Where the server tells the person running it what they should know: a timeline stopped
    /// before its end, a request that failed.
    package let report: @Sendable (String) -> Void
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
        self.host = host
        self.port = port
        self.report = report
    }

    /// Whether the server listens on the loopback interface only.
    package var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) }

    /// The application serving the studio; `onRunning` gets the port it listens on.
    package func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router(context: PreviewRequestContext.self)
        router.add(middleware: PreviewGuard(token: token, checksHost: isLoopback, report: report))
        addPage(to: router)
        addAPI(to: router)
        var logger = Logger(label: "liverules.preview")
        logger.logLevel = .warning
        return Application(
            router: router,
            server: PreviewChannel.builder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "liverules"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    private func addPage(to router: Router<PreviewRequestContext>) {
        let token = token
        router.get("/") { _, _ in
            Self.text(PreviewPage.served(token: token), type: "text/html; charset=utf-8")
        }
        router.get("/:asset") { _, context in
            let name = context.parameters.get("asset") ?? ""
            guard let text = PreviewPage.asset(name), let type = PreviewPage.assets[name] else { throw HTTPError(.notFound) }
            return Self.text(text, type: type)
        }
    }

    private func addAPI(to router: Router<PreviewRequestContext>) {
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
                try await timelines.run(timeLimit: PreviewLimits.timelineTime, report: report) { job throws(StudioError) in
                    try Self.encoded(studio.timeline(pack: pack, case: id, from: from, to: to, step: step) { timeline in
                        let reason = job.stopReason ?? (timeline.updates < PreviewLimits.timelineUpdates ? nil
                            : "it reached \(PreviewLimits.timelineUpdates) updates, the most one answer holds")
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

    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(text: String) -> Response {
        self.text(text, type: "application/json")
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

extension Data {
    init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}
#endif
