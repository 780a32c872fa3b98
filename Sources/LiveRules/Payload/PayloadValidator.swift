import Foundation
import Lua

/// Checks a Live Activity push before it is sent: APNs answers 200 to many payloads the device
/// then drops. Every check of the push facts runs (sizes, event, start's members, timestamps,
/// content-state keys and types against the pack's schema and key map, both clocks, stale and
/// dismissal dates, relevance, alerts) and each finding has a stable ``PayloadFinding/Code``.
public struct PayloadValidator: Sendable {
    /// What a push is checked against besides its pack.
    public struct Context: Sendable, Hashable {
        /// The time the push is checked for (Unix seconds): a timestamp more than 8 hours after
        /// it is dropped.
        public var now: Double
        /// The timestamp of the activity's previous push: an update must be newer.
        public var previousTimestamp: Int?
        /// When the activity started (Unix seconds): stale dates must fall within 8 hours of it.
        /// By default the push's own timestamp.
        public var startedAt: Double?

        /// A context at `now`, after a push stamped `previousTimestamp`, for an activity that
        /// started at `startedAt`.
        public init(now: Double, previousTimestamp: Int? = nil, startedAt: Double? = nil) {
            self.now = now
            self.previousTimestamp = previousTimestamp
            self.startedAt = startedAt
        }
    }

    /// The most bytes of a body, and of a start's attributes and content state together.
    public static let maximumBytes = 4096
    /// How far ahead of now a timestamp may be, and how long an activity runs: 8 hours.
    public static let activityLimit = 8 * 3600.0
    /// How long after its end a dismissal may be: 4 hours.
    public static let dismissalLimit = 4 * 3600.0
    static let apsKeys = ["timestamp", "event", "content-state", "stale-date", "dismissal-date", "relevance-score",
                          "alert", "attributes-type", "attributes", "input-push-token"]
    static let alertKeys = ["title", "body", "sound", "title-loc-key", "title-loc-args", "loc-key", "loc-args"]

    /// The pack's manifest: the schema and key map the content state is checked against.
    public let manifest: PackManifest

    /// A validator for pushes of the pack `manifest` describes.
    public init(manifest: PackManifest) {
        self.manifest = manifest
    }

    /// Checks the bytes of a body (`{"aps": …}`, counted as they are) or of a request as
    /// `liverules payload` prints it (`{"headers": …, "body": …}`, the body counted as sent).
    public func validate(_ data: Data, context: Context) -> [PayloadFinding] {
        checked(data, context: context).findings
    }

    /// The findings for `data` as diagnostics of the file `file` names, each at its value.
    package func diagnostics(_ data: Data, file: String, context: Context) -> [Diagnostic] {
        let (findings, positions) = checked(data, context: context)
        return findings.map { $0.diagnostic(file: file, positions: positions) }
    }

    private func checked(_ data: Data, context: Context) -> (findings: [PayloadFinding], positions: JSONPositions?) {
        do {
            let document = try JSONParser.parse(data)
            return (validate(document.value, bytes: data.count, context: context), document.positions)
        } catch {
            let finding = PayloadFinding(.invalidJSON, at: "", "invalid JSON at \(error.position.line):\(error.position.column): \(error.message)",
                                         fix: "send the body as JSON")
            return ([finding], nil)
        }
    }

    /// Checks a built payload: its headers and its body, counted as ``PushPayload/bodyText``.
    public func validate(_ payload: PushPayload, context: Context) -> [PayloadFinding] {
        var check = PayloadCheck(validator: self, context: context)
        check.body(payload.body, bytes: payload.bodyText.utf8.count)
        check.headers(payload.headers, body: payload.body)
        return check.findings
    }

    /// Checks a parsed body or request; `bytes` is the size of the text it was read from.
    func validate(_ value: JSONValue, bytes: Int, context: Context) -> [PayloadFinding] {
        var check = PayloadCheck(validator: self, context: context)
        if value["aps"] == nil, case .object(let headers)? = value["headers"], let body = value["body"] {
            check.body(body, bytes: ((try? JSONWriter.compact(body)) ?? "").utf8.count, at: "body")
            check.headers(headers.compactMapValues { if case .string(let text) = $0 { text } else { nil } }, body: body)
        } else {
            check.body(value, bytes: bytes)
        }
        return check.findings
    }
}

// MARK: - Reading a file

extension PayloadValidator {
    /// The bytes of the push body in the file at `path`, which may hold at most
    /// ``InputLimits/payloadBytes``; the error names the file and says why it was not read.
    public static func body(at path: String) throws(DiagnosticError) -> Data {
        do {
            return try BoundedFile.read(path, limit: InputLimits.payloadBytes)
        } catch {
            throw DiagnosticError([Diagnostic(file: path, message: error.message(kind: "a push body", limit: InputLimits.payloadBytes))])
        }
    }
}
