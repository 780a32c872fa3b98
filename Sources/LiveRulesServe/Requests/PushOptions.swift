#if Service
import LiveRules

/// The query of the payload and batch routes, as `liverules payload --batch` takes them as
/// options: `platform` (`ios`, the default, or `android`) and `event` (`start`, `update`, the
/// default, or `end`: for inputs that name none).
package struct PushOptions: Sendable {
    /// The push service.
    package var platform: PushBatch.Platform = .ios
    /// The event of inputs that name none.
    package var event: PushEvent = .update

    /// The options `query` names (each value as given, nil when absent); throws
    /// ``ServeError/Kind/query`` for a parameter the routes do not take or a value they do not know.
    package init(query: [String: String]) throws(ServeError) {
        for name in query.keys.sorted() where !["platform", "event"].contains(name) {
            throw ServeError(.query, about: "query", "unknown parameter '\(name)': the payload routes take platform and event")
        }
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
}
#endif
