import Foundation

/// What a pack's optional timing rule decided: when the activity's content goes stale, when an
/// ended activity leaves the lock screen, and what an alert for this update says.
///
/// The rule returns `{ stale = <Unix seconds>?, dismissal = <Unix seconds>?, alert = { title, body }? }`.
/// Goldens show the dates as ISO-8601 text (`null` when absent). `alert` is the text of this
/// update's alert: pushes carry it when ``Relevance/alert`` is true and on `start`, never on `end`.
public struct Timing: Sendable, Hashable, Codable, JSONShaped {
    /// When the content goes stale (APNs `stale-date`); `nil` for none.
    public var stale: Date?
    /// When an ended activity is removed (APNs `dismissal-date`); `nil` for the default.
    public var dismissal: Date?
    /// The alert text; `nil` when the rule gave none.
    public var alert: AlertText?

    /// Timing with these parts; ``Presenter`` makes it from a pack's timing rule.
    public init(stale: Date? = nil, dismissal: Date? = nil, alert: AlertText? = nil) {
        self.stale = stale
        self.dismissal = dismissal
        self.alert = alert
    }

    private enum CodingKeys: String, CodingKey {
        case stale, dismissal, alert
    }

    /// Decodes the golden shape: dates as ISO-8601 text or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func date(_ key: CodingKeys) throws -> Date? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let seconds = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "expected an ISO-8601 time, got \"\(text)\"")
            }
            return Date(timeIntervalSince1970: seconds)
        }
        stale = try date(.stale)
        dismissal = try date(.dismissal)
        alert = try container.decodeIfPresent(AlertText.self, forKey: .alert)
    }

    /// Encodes the golden shape.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// Writes the JSON form: `{"stale", "dismissal", "alert"}`, absent parts `null`.
    func write(to output: inout some JSONOutput) {
        func date(_ date: Date?) -> JSONValue {
            date.map { .string(ISO8601.format($0.timeIntervalSince1970)) } ?? .null
        }
        output.beginObject()
        output.key("alert")
        if let alert { alert.write(to: &output) } else { output.scalar(.null) }
        output.member("dismissal", date(dismissal))
        output.member("stale", date(stale))
        output.endObject()
    }
}

// MARK: - AlertText

/// What an alerting update says: the title and body of the push's `alert`.
public struct AlertText: Sendable, Hashable, Codable, JSONShaped {
    /// The alert's title.
    public var title: String
    /// The alert's body.
    public var body: String

    /// An alert titled `title` that says `body`.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// Writes the JSON form: `{"title", "body"}`.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        output.member("body", .string(body))
        output.member("title", .string(title))
        output.endObject()
    }
}
