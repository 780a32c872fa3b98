#if Service
import LiveRules

/// The query of the payload and batch routes, as `liverules payload --batch` takes them as
/// options: `platform` (`ios`, the default, or `android`), `event` (`start`, `update`, the
/// default, or `end`: for inputs that name none) and `nextUpdate` (`true` or `false`, the
/// default: whether each answer says when to push next).
package struct PushOptions: Sendable {
    /// The push service.
    package var platform: PushBatch.Platform = .ios
    /// The event of inputs that name none.
    package var event: PushEvent = .update
    /// Whether answers carry their ``NextUpdate``.
    package var nextUpdate = false

    /// The options `query` names (each value as given, nil when absent); throws
    /// ``ServeError/Kind/query`` for a parameter the routes do not take or a value they do not know.
    package init(query: [String: String]) throws(ServeError) {
        for name in query.keys.sorted() where !["platform", "event", "nextUpdate"].contains(name) {
            throw ServeError(.query, about: "query", "unknown parameter '\(name)': the payload routes take platform, event and nextUpdate")
        }
        nextUpdate = try Self.nextUpdate(in: query)
        if let text = query["platform"] {
            guard let platform = PushBatch.Platform(rawValue: text) else {
                let known = PushBatch.Platform.allCases.map(\.rawValue).joined(separator: ", ")
                throw ServeError(.query, about: "query", "'platform' must be one of \(known), got '\(text)'")
            }
            self.platform = platform
        }
        if let text = query["event"] {
            guard let event = PushEvent(rawValue: text) else {
                let known = PushEvent.allCases.map(\.rawValue).joined(separator: ", ")
                throw ServeError(.query, about: "query", "'event' must be one of \(known), got '\(text)'")
            }
            self.event = event
        }
    }

    /// The query's `nextUpdate`: `true`, or `false` (the default); throws
    /// ``ServeError/Kind/query`` for another value.
    package static func nextUpdate(in query: [String: String]) throws(ServeError) -> Bool {
        switch query["nextUpdate"] {
        case nil, "false": return false
        case "true": return true
        case let text?: throw ServeError(.query, about: "query", "'nextUpdate' must be true or false, got '\(text)'")
        }
    }
}
#endif
