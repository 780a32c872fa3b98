/// One problem the ``PayloadValidator`` found in a push body: a stable code, where (a JSON path
/// of the body), what is wrong and how to fix it.
public struct PayloadFinding: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is. The raw values are stable: scripts and dashboards may key on them.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The body is not JSON.
        case invalidJSON = "invalid-json"
        /// The body has no `aps` object.
        case missingAPS = "missing-aps"
        /// A key the device does not know; an error when it is a near miss of a known one.
        case unknownKey = "unknown-key"
        /// The body is over 4096 bytes.
        case bodyTooLarge = "body-too-large"
        /// Attributes and content state together are over 4 KB.
        case contentTooLarge = "content-too-large"
        /// `event` is missing or not start, update or end.
        case invalidEvent = "invalid-event"
        /// A start push without `attributes-type`, or one naming another type.
        case attributesType = "attributes-type"
        /// A start push without `attributes`.
        case missingAttributes = "missing-attributes"
        /// A start push without an alert.
        case missingAlert = "missing-alert"
        /// `timestamp` is missing or not whole seconds.
        case timestamp = "timestamp"
        /// `timestamp` is not newer than the previous push's.
        case timestampNotNewer = "timestamp-not-newer"
        /// `timestamp` is more than 8 hours in the future.
        case timestampFuture = "timestamp-future"
        /// A date in milliseconds rather than seconds.
        case dateMilliseconds = "date-milliseconds"
        /// An ISO-8601 string or `null` where the device expects a number of seconds.
        case dateNotNumber = "date-not-number"
        /// A content-state date that looks like Unix time (it must count from 2001-01-01).
        case dateUnixTime = "date-unix-time"
        /// An `aps` date that looks like seconds since 2001 (it must be Unix time).
        case dateSince2001 = "date-since-2001"
        /// `content-state` is missing or not an object.
        case missingContentState = "missing-content-state"
        /// A required field of the app's type is absent.
        case missingField = "missing-field"
        /// `null` for a field that is not optional.
        case nullValue = "null-value"
        /// A value of the wrong JSON type or outside its enum or format.
        case wrongType = "wrong-type"
        /// `stale-date` is not after the push's timestamp.
        case staleDatePast = "stale-date-past"
        /// `stale-date` is more than 8 hours after the activity started.
        case staleDateTooLate = "stale-date-too-late"
        /// `dismissal-date` on a push that is not an end.
        case dismissalNotEnd = "dismissal-not-end"
        /// `dismissal-date` more than 4 hours after the end.
        case dismissalTooLate = "dismissal-too-late"
        /// `relevance-score` is not a number.
        case relevanceScore = "relevance-score"
        /// An end push with an alert.
        case alertOnEnd = "alert-on-end"
        /// An alert without a title or body.
        case alertIncomplete = "alert-incomplete"
        /// An APNs request header that is missing or wrong for this body.
        case header = "header"
        /// An Android message a promoted ongoing notification cannot show.
        case androidIneligible = "android-ineligible"
        /// A presentation in the content state outside the device form's contract.
        case presentation = "presentation"
    }

    /// What kind of problem it is.
    public var code: Code
    /// An error stops the push; a warning is sent as it is but likely wrong.
    public var severity: Diagnostic.Severity
    /// Where in the body, as a JSON path: `aps["content-state"].lastEvent.at`.
    public var path: String
    /// What is wrong.
    public var message: String
    /// What to do about it.
    public var fix: String

    /// A finding of `code` at `path`; an error unless `severity` says otherwise.
    public init(_ code: Code, at path: String, _ message: String, fix: String, severity: Diagnostic.Severity = .error) {
        self.code = code
        self.severity = severity
        self.path = path
        self.message = message
        self.fix = fix
    }

    /// `error: [code] path: message (fix: …)`.
    public var description: String {
        "\(severity.rawValue): \(summary)"
    }

    /// `[code] path: message (fix: …)`: the finding without its severity.
    var summary: String {
        "[\(code.rawValue)] \(path.isEmpty ? "body" : path): \(message) (fix: \(fix))"
    }

    /// The finding as a diagnostic in `file` at the position of its path.
    func diagnostic(file: String, positions: JSONPositions?) -> Diagnostic {
        var path = path
        while let positions, positions[path] == nil, !path.isEmpty { path = JSONPath.parent(of: path) }
        let position = positions?[path] ?? SourcePosition(line: 1, column: 1)
        return Diagnostic(file: file, line: position.line, column: position.column, severity: severity, message: summary)
    }
}
