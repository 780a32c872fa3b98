import Foundation

/// A Live Activity push ready to send: the APNs request headers and the JSON body.
public struct PushPayload: Sendable, Hashable {
    /// `apns-push-type`, `apns-topic` and `apns-priority`.
    public var headers: [String: String]
    /// `{ "aps": { … } }`.
    public var body: JSONValue

    /// A payload of these headers and body.
    public init(headers: [String: String], body: JSONValue) {
        self.headers = headers
        self.body = body
    }

    /// The body as sent: compact JSON, keys sorted, the same bytes for the same payload.
    public var bodyText: String {
        // A built body holds finite numbers only.
        (try? JSONWriter.compact(body)) ?? ""
    }

    /// `{"body": …, "headers": …}`: the whole request as one JSON value.
    public var json: JSONValue {
        .object(["headers": .object(headers.mapValues(JSONValue.string)), "body": body])
    }

    /// An HTTP/2 `curl` command that sends the push: the provider token comes from `$APNS_TOKEN`
    /// and the activity's push token from `$DEVICE_TOKEN`; `host` is APNs' production host unless
    /// given (`api.sandbox.push.apple.com` for development builds).
    public func curl(host: String = "api.push.apple.com") -> String {
        var lines = ["curl --http2 --fail-with-body \\", "  --header \"authorization: bearer $APNS_TOKEN\" \\"]
        for name in headers.keys.sorted() {
            lines.append("  --header \(Self.shellQuoted("\(name): \(headers[name]!)")) \\")
        }
        lines.append("  --data \(Self.shellQuoted(bodyText)) \\")
        lines.append("  \"https://\(host)/3/device/$DEVICE_TOKEN\"")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in single quotes for a POSIX shell, a quote inside written `'\''`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
