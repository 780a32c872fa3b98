#if Studio || Service
import HTTPTypes
import Hummingbird

/// Guards every request of a server: its ``HTTPGuardPolicy`` may refuse it before it is routed,
/// every error thrown on the way (the policy's, a route's, Hummingbird's) becomes the answer the
/// policy gives it, and every response, refusals included, gets the policy's fields.
package struct HTTPGuard<Policy: HTTPGuardPolicy>: RouterMiddleware {
    package typealias Context = HTTPRequestContext

    /// What the server refuses, and how it answers errors.
    package let policy: Policy

    /// A guard applying `policy`.
    package init(_ policy: Policy) {
        self.policy = policy
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            try policy.check(request, context: context)
            response = try await next(request, context)
        } catch {
            response = policy.answer(error, to: request)
        }
        for field in policy.fields { response.headers[field.name] = field.value }
        return response
    }
}

/// What one server's ``HTTPGuard`` applies.
package protocol HTTPGuardPolicy: Sendable {
    /// Throws why `request` is refused before it is routed, or returns when it may be answered.
    func check(_ request: Request, context: HTTPRequestContext) throws
    /// The answer to `request`, which threw `error`; an error the server did not expect is
    /// reported and answered with a plain message, never its own text.
    func answer(_ error: any Error, to request: Request) -> Response
    /// The fields every response gets, each replacing any of its name.
    var fields: HTTPFields { get }
}
#endif
