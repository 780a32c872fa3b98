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
/// `GET /api/events` (server-sent events: one `change` per rendering), and `POST /api/accept`,
/// `POST /api/reject` with `{"pack", "case", "current"}` and the token in `X-LiveRules-Token`.
package struct PreviewServer: Sendable {
    /// The header that carries the token.
    package static let tokenHeader = "X-LiveRules-Token"
    /// The largest request body read, in bytes.
    package static let maximumBody = 64 * 1024

    /// The packs served.
    package let studio: PreviewStudio
    /// The secret the served page carries for accepting and rejecting.
    package let token: PreviewToken
    /// The address to listen on.
    package let host: String
    /// The port; 0 takes any free port.
    package let port: Int

    /// A server for `studio` on `host`:`port` (127.0.0.1:4747 by default), with a new token.
    package init(studio: PreviewStudio, token: PreviewToken = PreviewToken(), host: String = "127.0.0.1", port: Int = 4747) {
        self.studio = studio
        self.token = token
        self.host = host
        self.port = port
    }

    /// Whether the server listens on the loopback interface only.
    package var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) }

    /// The application serving the studio; `onRunning` gets the port it listens on.
    package func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: PreviewGuard(token: token, checksHost: isLoopback))
        addPage(to: router)
        addAPI(to: router)
        var logger = Logger(label: "liverules.preview")
        logger.logLevel = .warning
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "liverules"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    private func addPage(to router: Router<BasicRequestContext>) {
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

    private func addAPI(to router: Router<BasicRequestContext>) {
        let studio = studio
        router.get("/api/studio") { request, _ in
            try Self.json(studio.snapshot(pack: request.uri.queryParameters["pack"].map(String.init)))
        }
        router.get("/api/timeline") { request, _ in
            let query = request.uri.queryParameters
            let timeline = try studio.timeline(
                pack: String(query["pack"] ?? ""), case: String(query["case"] ?? ""),
                from: query["from"].map(String.init), to: query["to"].map(String.init), step: query["step"].map(String.init))
            return try Self.json(timeline)
        }
        router.get("/api/events") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                     body: PreviewEvents.body(studio))
        }
        for decision in [GoldenDecision.accept, .reject] {
            router.post("/api/\(decision.rawValue)") { request, _ in
                let body = try await request.body.collect(upTo: Self.maximumBody)
                guard let asked = try? JSONDecoder().decode(DecisionRequest.self, from: Data(buffer: body)) else {
                    throw StudioError(.badRequest, "expected {\"pack\": …, \"case\": …, \"current\": …}")
                }
                return try Self.json(studio.decide(decision, pack: asked.pack, case: asked.case, current: asked.current))
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

    static func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return text(String(decoding: try encoder.encode(value), as: UTF8.self), type: "application/json")
    }
}

extension Data {
    init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}
