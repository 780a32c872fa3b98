#if Service
import Foundation
import Hummingbird
import HummingbirdCore
import LiveRules
import Logging
import NIOCore

/// The HTTP server of `liverules serve`: the packs' rules as a service for backends in any
/// language. The routes (documented in `openapi/liverules-serve.json`):
/// - `POST /v1/{pack}/present`: a content state (the fixture form `liverules eval` reads) in,
///   the presentation out, as `eval` prints it;
/// - `POST /v1/{pack}/payload[?platform=ios|android&event=start|update|end]`: one activity (a
///   line of `liverules payload --batch` input) in, its push out, as the batch writes it;
/// - `POST /v1/{pack}/batch[?platform=…&event=…]`: JSON Lines in, JSON Lines out, streamed, in
///   order, one output line per input line (a bad line's is `{"error", "line"}`);
/// - `GET /health`: 200 when every pack has a good version served, else 503;
/// - `GET /metrics`: the Prometheus exposition of ``ServeMetrics``.
///
/// A request that fails gets its ``ServeError``'s status with its JSON; the work of each request
/// stays within ``ServeLimits`` and never holds up another's.
package struct ServeServer: Sendable {
    /// The packs served.
    package let packs: ServedPacks
    /// The bounds of the work.
    package let limits: ServeLimits
    /// The address to listen on.
    package let host: String
    /// The port; 0 takes any free port.
    package let port: Int
    /// Where errors the server did not expect are told, for its log.
    package let report: @Sendable (String) -> Void
    private let admission: Admission

    /// A server of `packs` on `host`:`port` within `limits`.
    package init(packs: ServedPacks, limits: ServeLimits, host: String, port: Int, report: @escaping @Sendable (String) -> Void) {
        self.packs = packs
        self.limits = limits
        self.host = host
        self.port = port
        self.report = report
        admission = Admission(width: limits.concurrent)
    }

    /// Serves until SIGTERM or SIGINT, then stops gracefully: no new connection is accepted and
    /// the requests being answered finish first. `onRunning` gets the port it listens on.
    package func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await application(onRunning: onRunning).runService()
    }

    /// The application serving the routes; `onRunning` gets the port it listens on.
    func application(onRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ServeGuard(metrics: packs.metrics, report: report))
        addPackRoutes(to: router)
        addMonitoring(to: router)
        var logger = Logger(label: "liverules.serve")
        logger.logLevel = .warning
        // The read timeout bounds a request's body; a connection idle for twice as long (a
        // client that never finishes its head, or keeps a connection open unused), or on which
        // nothing moves for as long (a client that stopped reading its answer), is closed.
        let idle = TimeAmount.nanoseconds((limits.readTimeout * 2).inNanoseconds)
        return Application(
            router: router,
            server: ServeChannel.builder(HTTP1Channel.Configuration(idleTimeout: idle), stall: idle),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "liverules"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    private func addPackRoutes(to router: Router<BasicRequestContext>) {
        let (requests, limits, admission, metrics) = (PackRequests(packs: packs), limits, admission, packs.metrics)
        router.post("/v1/:pack/present") { request, context in
            try await Self.answer(.present, request, context, admission: admission, metrics: metrics) { pack throws(ServeError) in
                guard request.uri.queryParameters.isEmpty else {
                    throw ServeError(.query, about: "query", "the present route takes no query parameters")
                }
                let version = try requests.version(pack)
                let body = try await BodyReader.collect(request.body, length: Self.length(request), limit: limits.body,
                                                       timeout: limits.readTimeout)
                let text = try await Self.offloaded { () throws(ServeError) in try requests.present(Data(buffer: body), on: version) }
                return (text, version)
            }
        }
        router.post("/v1/:pack/payload") { request, context in
            try await Self.answer(.payload, request, context, admission: admission, metrics: metrics) { pack throws(ServeError) in
                let options = try PushOptions(query: Self.query(request))
                let version = try requests.version(pack)
                let body = try await BodyReader.collect(request.body, length: Self.length(request), limit: limits.body,
                                                       timeout: limits.readTimeout)
                let text = try await Self.offloaded { () throws(ServeError) in
                    try requests.payload(Data(buffer: body), on: version, options: options)
                }
                return (text, version)
            }
        }
        router.post("/v1/:pack/batch") { request, context in
            let ticket = try admission.enter()
            let started = ContinuousClock.now
            let pack = context.parameters.get("pack") ?? ""
            let options = try PushOptions(query: Self.query(request))
            let version = try requests.version(pack)
            let stream = BatchStream(batch: try PackRequests.batch(of: version, options: options),
                                     engine: requests.packs.engine, version: version, limits: limits, metrics: metrics)
            let body = request.body
            var headers = Self.versionHeaders(version)
            headers[.contentType] = "application/x-ndjson"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                defer { ticket.release() }
                try await stream.run(body, to: &writer)
                metrics.answered(.batch, seconds: Self.seconds(since: started))
                // The place is free before the client sees the end.
                ticket.release()
                try await writer.finish(nil)
            })
        }
    }

    private func addMonitoring(to router: Router<BasicRequestContext>) {
        let (packs, admission) = (packs, admission)
        router.get("/health") { _, _ in
            let health = PackHealth(packs.statuses)
            return Self.text(health.json, type: "application/json", status: health.isHealthy ? .ok : .serviceUnavailable)
        }
        router.get("/metrics") { _, _ in
            Self.text(packs.metrics.exposition(packs: packs.statuses, inFlight: admission.inFlight), type: PrometheusText.contentType)
        }
    }

    /// Answers a request to `route` of the pack its path names with `work`'s JSON and the version
    /// that made it, holding a place of `admission` meanwhile; counts the presentation and the
    /// time taken.
    private static func answer(
        _ route: ServeRoute, _ request: Request, _ context: BasicRequestContext, admission: Admission, metrics: ServeMetrics,
        _ work: (String) async throws(ServeError) -> (String, PackVersion)
    ) async throws(ServeError) -> Response {
        let ticket = try admission.enter()
        let started = ContinuousClock.now
        defer {
            metrics.answered(route, seconds: seconds(since: started))
            ticket.release()
        }
        let pack = context.parameters.get("pack") ?? ""
        let (text, version) = try await work(pack)
        metrics.presented(pack, on: route)
        var response = Self.text(text, type: "application/json")
        response.headers.append(contentsOf: versionHeaders(version))
        return response
    }

    /// `LiveRules-Pack-Version` and `LiveRules-Pack-Hash`: the version that answered, its
    /// manifest version and content hash.
    private static func versionHeaders(_ version: PackVersion) -> HTTPFields {
        var headers = HTTPFields()
        headers[ServeHeaders.packVersion] = version.pack.manifest.version
        headers[ServeHeaders.packHash] = version.hash
        return headers
    }

    /// `work`'s result, computed on a thread of Dispatch's pool: presenting blocks, and the
    /// threads that answer requests must not wait on it.
    private static func offloaded<T: Sendable>(_ work: @escaping @Sendable () throws(ServeError) -> T) async throws(ServeError) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, ServeError>, Never>) in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { () throws(ServeError) in try work() })
            }
        }
        return try result.get()
    }

    /// The request's `Content-Length`, when it has one.
    private static func length(_ request: Request) -> Int? {
        request.headers[.contentLength].flatMap { Int($0) }
    }

    /// The request's query parameters, each name once (the last value given).
    private static func query(_ request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
        return query
    }

    /// A response of `text` as `type`, with `status`.
    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// The seconds from `start` to now.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        (ContinuousClock.now - start).inSeconds
    }
}

extension Data {
    /// The readable bytes of `buffer`.
    init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}
#endif
