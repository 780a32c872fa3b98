#if Service
import Foundation
import LiveRules

/// A request to `POST /v1/{pack}/present` or `/payload` as its head asks it, checked before its
/// body is read: its query (``ServeError/Kind/query``) and pack (``ServeError/Kind/unknownPack``),
/// and the version that will answer it, fixed now so that a reload while the body arrives does
/// not change which rules answer.
struct PackCall: Sendable {
    /// What the route does with the body.
    private enum Work: Sendable {
        /// The presentation, with its next update when asked for.
        case present(nextUpdate: Bool)
        /// The push payload.
        case payload(PushOptions)
    }

    /// The route asked.
    let route: ServeRoute
    /// The pack version that answers.
    let version: PackVersion
    private let work: Work
    private let requests: PackRequests

    /// The call of `route` (present or payload) to pack `pack` with `query`, on `requests`.
    init(_ route: ServeRoute, pack: String, query: [String: String], requests: PackRequests) throws(ServeError) {
        switch route {
        case .present:
            if let name = query.keys.sorted().first(where: { $0 != "nextUpdate" }) {
                throw ServeError(.query, about: "query", "unknown parameter '\(name)': the present route takes nextUpdate")
            }
            work = .present(nextUpdate: try PushOptions.nextUpdate(in: query))
        case .payload:
            work = .payload(try PushOptions(query: query))
        case .batch:
            preconditionFailure("a batch is streamed, not called")
        }
        self.route = route
        self.requests = requests
        version = try requests.version(pack)
    }

    /// The answer to `body`, presented as `place` says.
    func answer(_ body: Data, place: PackRequests.Place) throws(ServeError) -> PackVersion.Attempt<PackAnswer> {
        switch work {
        case .present(let nextUpdate): try requests.present(body, on: version, nextUpdate: nextUpdate, place: place)
        case .payload(let options): try requests.payload(body, on: version, options: options, place: place)
        }
    }
}
#endif
