#if Studio
import Foundation
import HTTPTypes
import Hummingbird
import LiveRulesHTTP

/// The studio's ``HTTPGuardPolicy``: checks every request before any work is done, in this order:
/// - its shape: a request the ``RequestMarker`` marked (its target is not a path, or it is not
///   HTTP/1.1) is refused with 400 and the marker's reason;
/// - its `Host`: exactly one, read strictly (``PreviewAuthority``), else 400; on loopback it
///   must name the loopback interface (so a site whose name resolves to 127.0.0.1 cannot read
///   the page and its token), and a port it names must be the one the request came in on, else
///   421;
/// - where it comes from: an `Origin` other than the studio's own, or for the API a
///   `Sec-Fetch-Site` naming another site, is refused with 403;
/// - the token: every API request (`/api/…`) and every request that changes something carries
///   the page's token in `X-LiveRules-Token` (the event stream, which browsers open without
///   headers, as `?token=`), else 403.
///
/// Every error becomes its status with `{"error": message}` (a busy lane adds `Retry-After`);
/// an error that is not the studio's is reported, and answered with a plain message, never its
/// own text.
struct PreviewGuard: HTTPGuardPolicy {
    let token: PreviewToken
    let checksHost: Bool
    /// Where errors that are not the studio's are told.
    let report: @Sendable (String) -> Void

    /// Every response forbids framing, sniffing and caching, and allows scripts and styles from
    /// the page's own origin only.
    let fields: HTTPFields = [
        .contentSecurityPolicy: "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        .xContentTypeOptions: "nosniff",
        .cacheControl: "no-store",
    ]

    /// Throws why `request` is refused, or returns when it may be answered.
    func check(_ request: Request, context: HTTPRequestContext) throws(StudioError) {
        if let refusal = request.headers[Self.refusal] { throw StudioError(.badRequest, refusal) }
        guard let host = request.head.authority, request.headers[values: Self.host].isEmpty else {
            throw StudioError(.badRequest, "expected exactly one Host header")
        }
        let authority = try PreviewAuthority(host)
        if checksHost, !authority.isLoopback {
            throw StudioError(.misdirected, "this server answers requests to 127.0.0.1 or localhost only")
        }
        if let port = authority.port, let local = context.localPort, port != local {
            throw StudioError(.misdirected, "this server listens on port \(local), not \(port)")
        }
        let isAPI = (context.endpointPath ?? request.uri.path).hasPrefix("/api/")
        if let origin = request.headers[.origin], origin.lowercased() != "http://" + host.lowercased() {
            throw StudioError(.forbidden, "requests from other sites are refused (Origin: \(origin))")
        }
        if isAPI, let site = request.headers[Self.fetchSite], !["same-origin", "none"].contains(site) {
            throw StudioError(.forbidden, "requests from other sites are refused (Sec-Fetch-Site: \(site))")
        }
        if isAPI || (request.method != .get && request.method != .head) {
            let query = request.uri.path == "/api/events" ? request.uri.queryParameters["token"].map(String.init) : nil
            guard token.matches(request.headers[Self.tokenHeader] ?? query) else {
                throw StudioError(.forbidden, "missing or wrong \(PreviewServer.tokenHeader): reload the page")
            }
        }
    }

    /// The answer to a request that threw `error`.
    func answer(_ error: any Error, to request: Request) -> Response {
        switch error {
        case let error as StudioError:
            var response = Self.refusal(error.status, error.message)
            if error.kind == .busy { response.headers[.retryAfter] = "1" }
            return response
        case let error as any HTTPResponseError:
            return Self.refusal(error.status, Self.message(error.status))
        case is CancellationError:
            return Self.refusal(.serviceUnavailable, "the request was cancelled")
        default:
            report("a request failed: \(error)")
            return Self.refusal(.internalServerError, "the studio could not answer: the terminal running liverules preview says why")
        }
    }

    static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let body = (try? encoder.encode(["error": message])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return Response.text(body, type: "application/json", status: status)
    }

    /// What an error Hummingbird raised says, by its status.
    private static func message(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "no such page: the studio serves /, /studio.css, /studio.js and /api/…"
        case .contentTooLarge: "the request body is larger than \(PreviewLimits.body / 1024) KiB"
        case .methodNotAllowed: "this method is not allowed here"
        default: "\(status.code) \(status.reasonPhrase)"
        }
    }

    private static let refusal = HTTPField.Name(RequestMarker.header)!
    private static let host = HTTPField.Name("Host")!
    private static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!
    private static let tokenHeader = HTTPField.Name(PreviewServer.tokenHeader)!
}

/// The secret the page sends with every request that changes something: the server puts it in
/// the page it serves, so a page from another site (which cannot read that page) cannot accept
/// or reject goldens.
package struct PreviewToken: Sendable, Hashable {
    /// 64 hexadecimal digits.
    package let value: String

    /// A new random token.
    package init() {
        var generator = SystemRandomNumberGenerator()
        value = (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
    }

    /// Whether `candidate` is the token, compared in time that does not depend on where they
    /// differ.
    package func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(value.utf8), given = Array(candidate.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in expected.indices { difference |= expected[index] ^ (index < given.count ? given[index] : 0) }
        return difference == 0
    }
}
#endif
