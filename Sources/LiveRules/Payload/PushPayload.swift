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
    /// given (`api.sandbox.push.apple.com` for development builds). The shell passes the body as
    /// one literal argument, ``bodyText`` byte for byte: nothing in it is expanded, and the tokens
    /// go only into the authorization header and the URL's path.
    public func curl(host: String = "api.push.apple.com") -> String {
        var command = ShellCommand("curl", "--http2", "--fail-with-body")
        command.add("--header", "authorization: bearer " + .variable("APNS_TOKEN"))
        for name in headers.keys.sorted() {
            command.add("--header", ShellWord("\(name): \(headers[name]!)"))
        }
        command.add("--data-binary", ShellWord(bodyText))
        command.add(ShellWord("https://\(host)/3/device/") + .variable("DEVICE_TOKEN"))
        return command.text
    }
}

// MARK: - PushEvent

/// What a Live Activity push does: the `event` of its `aps` body.
public enum PushEvent: String, Sendable, Hashable, CaseIterable {
    /// Starts an activity (push to start): carries `attributes-type`, `attributes` and an alert.
    case start
    /// Replaces the content state of a running activity.
    case update
    /// Ends the activity; it may stay on the lock screen until its `dismissal-date`.
    case end
}
