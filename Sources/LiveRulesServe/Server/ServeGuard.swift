#if Service
import Foundation
import HTTPTypes
import Hummingbird
import LiveRules
import LiveRulesHTTP

/// The service's ``HTTPGuardPolicy``: turns every error of a request into its answer: a ``ServeError`` its status with its JSON
/// (an overload adds `Retry-After`), a path the server does not serve 404, a method it does not
/// take there 405 (with `Allow`). Each is counted in ``ServeMetrics`` by kind. An error that is
/// no ``ServeError`` is reported and answered with a plain message, never its own text.
struct ServeGuard: HTTPGuardPolicy {
    /// Where refusals are counted.
    let metrics: ServeMetrics
    /// Where errors that are no ``ServeError`` are told.
    let report: @Sendable (String) -> Void

    /// The service adds no fields of its own to every response.
    let fields = HTTPFields()

    /// The router would take `/health/` for `/health`: the service answers its routes as
    /// documented, and nothing else.
    func check(_ request: Request, context: HTTPRequestContext) throws {
        if request.uri.path.count > 1, request.uri.path.hasSuffix("/") { throw HTTPError(.notFound) }
    }

    /// `error`'s ``ServeError``, counted, as its status with its JSON.
    func answer(_ error: any Error, to request: Request) -> Response {
        let failure = refusal(for: error, request: request)
        metrics.failed(failure.kind)
        var response = Response.text(failure.answerBody, type: "application/json", status: failure.status)
        response.headers.append(contentsOf: failure.answerFields)
        if failure.status == .methodNotAllowed, let method = Self.method(of: request.uri.path) {
            response.headers[.allow] = method.rawValue
        }
        return response
    }

    /// `error` as a ``ServeError``.
    private func refusal(for error: any Error, request: Request) -> ServeError {
        let path = request.uri.path
        switch error {
        case let error as ServeError:
            return error
        case let error as any HTTPResponseError where error.status == .notFound:
            if let method = Self.method(of: path) {
                return ServeError(.route, about: path, "\(path) takes \(method.rawValue) only", status: .methodNotAllowed)
            }
            return ServeError(.route, about: path, "no such route: the routes are POST /v1/{pack}/present, /v1/{pack}/payload "
                + "and /v1/{pack}/batch, GET /health and GET /metrics")
        case let error as any HTTPResponseError:
            return ServeError(.internal, about: path, "\(error.status.code) \(error.status.reasonPhrase)", status: error.status)
        default:
            report("\(request.method.rawValue) \(path) failed: \(error)")
            return ServeError(.internal, about: path, "the request could not be answered: the server's log says why")
        }
    }

    /// The method the route at `path` takes, when there is one.
    static func method(of path: String) -> HTTPRequest.Method? {
        if path == "/health" || path == "/metrics" { return .get }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 4, parts[0].isEmpty, parts[1] == "v1", !parts[2].isEmpty,
           ServeRoute.allCases.contains(where: { $0.rawValue == parts[3] }) {
            return .post
        }
        return nil
    }
}
#endif
