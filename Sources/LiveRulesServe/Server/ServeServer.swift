#if Service
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import LiveRules
import LiveRulesHTTP
import NIOCore

/// The HTTP server of `liverules serve`: the packs' rules as a service for backends in any
/// language. The routes (documented in `openapi/liverules-serve.json`):
/// - `POST /v1/{pack}/present[?nextUpdate=true]`: a content state (the fixture form
///   `liverules eval` reads) in, the presentation out, as `eval` prints it (`eval --next-update`);
/// - `POST /v1/{pack}/payload[?platform=ios|android&event=start|update|end&nextUpdate=true]`:
///   one activity (a line of `liverules payload --batch` input) in, its push out, as the batch
///   writes it;
/// - `POST /v1/{pack}/batch[?platform=…&event=…&nextUpdate=…]`: JSON Lines in, JSON Lines out,
///   streamed, in order, one output line per input line (a bad line's is `{"error", "line"}`);
/// with `nextUpdate=true`, `present` and `payload` answer the `LiveRules-Next-Update` header too;
/// - `GET /health`: 200 when every pack has a good version served, else 503;
/// - `GET /metrics`: the Prometheus exposition of ``ServeMetrics``.
///
/// A request that fails gets its ``ServeError``'s status with its JSON; the work of each request
/// stays within ``ServeLimits``. Each connection is answered on its own event loop, where a
/// request is presented (``PresentationSite``): it holds up the other connections of that loop for at
/// most a short deadline, and never another request's place. `present` and `payload` are answered
/// in the connection's pipeline (``DirectLane``), the other routes by Hummingbird's router. Served
/// by the ``HTTPServer`` core, answering `Expect: 100-continue` (``ContinueAnswer``) and closing
/// stalled connections.
package struct ServeServer: Sendable {
    /// The packs served.
    package let packs: ServedPacks
    /// The bounds of the work.
    package let limits: ServeLimits
    /// Where errors the server did not expect are told, for its log.
    package let report: @Sendable (String) -> Void
    private let admission: Admission
    private let http: HTTPServer

    /// A server of `packs` on `host`:`port` within `limits`.
    package init(packs: ServedPacks, limits: ServeLimits, host: String, port: Int, report: @escaping @Sendable (String) -> Void) {
        self.packs = packs
        self.limits = limits
        self.report = report
        admission = Admission(width: limits.concurrent)
        http = HTTPServer(host: host, port: port, name: "serve")
    }

    /// What to tell the operator when the server could not start or stopped with `error`: the
    /// cause in their terms, never the error's own text.
    package func failure(_ error: any Error) -> String {
        http.failure(error)
    }

    /// Whether the server listens on the loopback interface only.
    package var isLoopback: Bool { http.isLoopback }

    /// Serves until SIGTERM or SIGINT, then stops gracefully: no new connection is accepted and
    /// the requests being answered finish first. Blocks the calling thread; `listening` gets the
    /// server's URL once it listens. The error it stopped with, or nil.
    package func serve(listening: @escaping @Sendable (String) -> Void) -> (any Error)? {
        let address = http
        let app = application { port in listening(address.url(port: port)) }
        return HTTPServer.untilStopped { try await app.runService() }
    }

    /// The application serving the routes; `onRunning` gets the port it listens on.
    func application(onRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router(context: HTTPRequestContext.self)
        router.add(middleware: HTTPGuard(ServeGuard(metrics: packs.metrics, report: report)))
        let requests = PackRequests(packs: packs)
        addBatchRoute(to: router, requests: requests)
        addMonitoring(to: router)
        // The read timeout bounds a request's body; a connection on which nothing moves for twice
        // as long (a client that never finishes its head, keeps a connection open unused, or
        // stopped reading its answer) is closed. Not by Hummingbird's idle timeout: it does not
        // see the requests the lane answers.
        let idle = TimeAmount.nanoseconds((limits.readTimeout * 2).inNanoseconds)
        let lane = DirectLane.Service(requests: requests, limits: limits, admission: admission,
                                      site: PresentationSite(deadline: limits.loopDeadline, metrics: packs.metrics), metrics: packs.metrics)
        let channel = HTTPChannel.Options(stall: idle, onLoop: true, afterDecoder: { [ContinueAnswer(), DirectLane(lane)] })
        return http.application(router: router, channel: channel, onRunning: onRunning)
    }

    private func addBatchRoute(to router: Router<HTTPRequestContext>, requests: PackRequests) {
        let (limits, admission, metrics) = (limits, admission, packs.metrics)
        router.post("/v1/:pack/batch") { request, context in
            let ticket = try admission.enter()
            let started = ContinuousClock.now
            let pack = context.parameters.get("pack") ?? ""
            let options = try PushOptions(query: Self.query(request.uri))
            let version = try requests.version(pack)
            let stream = BatchStream(batch: try PackRequests.batch(of: version, options: options),
                                     engine: requests.packs.engine, version: version, limits: limits, metrics: metrics)
            let body = request.body
            var headers = ServeHeaders.version(version)
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

    private func addMonitoring(to router: Router<HTTPRequestContext>) {
        let (packs, admission) = (packs, admission)
        router.get("/health") { _, _ in
            let health = PackHealth(packs.statuses)
            return Response.text(health.json, type: "application/json", status: health.isHealthy ? .ok : .serviceUnavailable)
        }
        router.get("/metrics") { _, _ in
            Response.text(packs.metrics.exposition(packs: packs.statuses, inFlight: admission.inFlight), type: PrometheusText.contentType)
        }
    }

    /// The query parameters of `uri`, each name once (the last value given).
    static func query(_ uri: URI) -> [String: String] {
        var query: [String: String] = [:]
        for (name, value) in uri.queryParameters { query[String(name)] = String(value) }
        return query
    }

    /// The seconds from `start` to now.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        (ContinuousClock.now - start).inSeconds
    }
}

/// The headers `liverules serve` adds to its answers.
enum ServeHeaders {
    /// The manifest `version` of the pack version that answered.
    static let packVersion = HTTPField.Name("LiveRules-Pack-Version")!
    /// The content hash of the pack version that answered.
    static let packHash = HTTPField.Name("LiveRules-Pack-Hash")!
    /// When the activity next needs a push, in Unix seconds, or `none` (asked with `nextUpdate=true`).
    static let nextUpdate = HTTPField.Name("LiveRules-Next-Update")!

    /// `LiveRules-Pack-Version` and `LiveRules-Pack-Hash` of `version`: the version that
    /// answered, its manifest version and content hash.
    static func version(_ version: PackVersion) -> HTTPFields {
        var fields = HTTPFields()
        fields[packVersion] = version.pack.manifest.version
        fields[packHash] = version.hash
        return fields
    }
}
#endif
