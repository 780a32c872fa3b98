import Foundation
import HTTPTypes
import Hummingbird

/// Guards every request: a request that changes something (any method but GET and HEAD) must
/// carry the page's token; on loopback, the `Host` must name the loopback interface (so a
/// site whose name resolves to 127.0.0.1 cannot read the page and its token); a
/// ``StudioError`` becomes its status with `{"error": message}`. Every response forbids framing,
/// sniffing and caching, and allows scripts and styles from the page's own origin only.
struct PreviewGuard: RouterMiddleware {
    typealias Context = BasicRequestContext

    let token: PreviewToken
    let checksHost: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        if checksHost, !Self.isLoopback(request.head.authority) {
            response = Self.refusal(.misdirectedRequest, "this server answers requests to 127.0.0.1 or localhost only")
        } else if request.method != .get, request.method != .head,
                  !token.matches(request.headers[HTTPField.Name(PreviewServer.tokenHeader)!]) {
            response = Self.refusal(.forbidden, "missing or wrong \(PreviewServer.tokenHeader): reload the page")
        } else {
            do {
                response = try await next(request, context)
            } catch let error as StudioError {
                response = Self.refusal(error.status, error.message)
            }
        }
        response.headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// Whether an authority (`127.0.0.1:4747`) names the loopback interface.
    static func isLoopback(_ authority: String?) -> Bool {
        guard let authority else { return false }
        let host = authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }.dropFirst())
            : String(authority.prefix { $0 != ":" })
        return ["127.0.0.1", "localhost", "::1"].contains(host.lowercased())
    }

    static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let body = (try? JSONEncoder().encode(["error": message])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return PreviewServer.text(body, type: "application/json", status: status)
    }
}
