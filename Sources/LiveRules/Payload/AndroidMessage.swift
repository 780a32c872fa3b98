import Foundation

/// The Android side of a push: an FCM HTTP v1 data message from which the app posts a promoted
/// ongoing notification (Android 16 Live Updates) for the same presentation.
///
/// The `data` values are strings, as FCM requires: `presentation`, the presentation's device form
/// (``Presentation/deviceForm``) as compact JSON, the same form an iOS push carries, described by
/// `schemas/live-presentation-v1.schema.json`, from which the app's library (`android/`) draws the
/// `androidOngoing` placement and keeps it current between pushes (<doc:AndroidNotifications>);
/// `event`; `ongoing` and `requestPromotedOngoing` (`"true"` until the end); `alert` (`"true"`
/// when the update should alert); `relevance`; `timestamp`, `staleAt`/`dismissAt` (Unix seconds)
/// when the timing rule gave them; and, for an app that draws no presentation, the texts at the
/// push's moment, which do not move: `title` and `text` (the `androidOngoing` layout's first
/// field, then the others joined by " · ") and `shortCriticalText` (the status-bar chip: the
/// `chip` slot's fields without a live form, joined by " · "; empty for none).
public struct AndroidMessage: Sendable, Hashable {
    /// FCM's limit on a data message's payload.
    public static let maximumBytes = 4096
    /// Data keys that would make the app build a custom view: promoted notifications cannot have one.
    static let customViewKeys = ["customView", "contentView", "bigContentView", "headsUpContentView", "remoteViews"]

    /// The `data` of the message.
    public var data: [String: String]
    /// `"high"` when the update alerts, else `"normal"`.
    public var priority: String

    /// A message with `data`, sent at `priority`.
    public init(data: [String: String], priority: String) {
        self.data = data
        self.priority = priority
    }

    /// The message for `event` of `presentation` at `now` (Unix seconds); throws when it is not
    /// eligible for promotion (see ``eligibilityFindings()``).
    public init(_ event: PushEvent, presentation: Presentation, now: Double) throws(PayloadError) {
        let fields = presentation.layout[.androidOngoing]?.fields ?? []
        let alerts = event != .end && (event == .start || presentation.relevance.alert)
        var form = JSONText(indented: false, capacity: 2048)
        DeviceForm(presentation: presentation).write(to: &form)
        var data = [
            "event": event.rawValue,
            "title": fields.first.map { Self.drawnText($0, at: Date(timeIntervalSince1970: now)) } ?? "",
            "text": fields.dropFirst().map { Self.drawnText($0, at: Date(timeIntervalSince1970: now)) }.joined(separator: " · "),
            "shortCriticalText": Self.chipText(fields, at: Date(timeIntervalSince1970: now)),
            "ongoing": event == .end ? "false" : "true",
            "requestPromotedOngoing": event == .end ? "false" : "true",
            "alert": alerts ? "true" : "false",
            "relevance": JSONWriter.numberText(presentation.relevance.score),
            "timestamp": String(Int64(now.rounded(.down))),
            "presentation": form.wroteNonFinite ? "{}" : form.finished(),
        ]
        if event != .end, let stale = presentation.timing?.stale { data["staleAt"] = String(Int64(stale.timeIntervalSince1970.rounded(.down))) }
        if event == .end, let dismissal = presentation.timing?.dismissal { data["dismissAt"] = String(Int64(dismissal.timeIntervalSince1970.rounded(.down))) }
        self.init(data: data, priority: alerts ? "high" : "normal")
        let errors = eligibilityFindings().filter { $0.severity == .error }
        guard errors.isEmpty else { throw .invalid(errors) }
    }

    /// What Android draws for `field` at `now` as text: a timer without hours as its minutes
    /// ("67'"), anything else as it reads.
    static func drawnText(_ field: LayoutField, at now: Date) -> String {
        field.live?.minutesOnAndroid(at: now) ?? field.text
    }

    /// The status-bar chip's text of `fields`, the `androidOngoing` layout, at `now`: its `chip`
    /// slot's fields without a live form and its timers without hours as their minutes ("67'"),
    /// joined by " · " (a timer with hours there is the notification's chronometer, which the chip
    /// shows itself; a progress is its bar).
    static func chipText(_ fields: [LayoutField], at now: Date) -> String {
        let budget = Placement.androidOngoing.budget
        return fields.indices.filter { OutputFinding.slot(of: $0, named: fields[$0].slot, in: budget).name == "chip" }
            .compactMap { index in fields[index].live == nil ? fields[index].text : fields[index].live?.minutesOnAndroid(at: now) }
            .joined(separator: " · ")
    }

    /// The message without its target: `{"message": {"android": {"priority"}, "data"}}`. It holds
    /// no token and no placeholder for one: the sender sets `message.token` as a JSON member (see
    /// ``json(token:)``), never by replacing text.
    public var json: JSONValue {
        .object(["message": .object(message)])
    }

    /// The HTTP v1 request body for the device whose registration token is `token`:
    /// `{"message": {"android", "data", "token"}}`.
    public func json(token: String) -> JSONValue {
        var message = self.message
        message["token"] = .string(token)
        return .object(["message": .object(message)])
    }

    /// A `curl` command that sends the message through FCM's HTTP v1 API: the project from
    /// `$FCM_PROJECT_ID`, an OAuth access token from `$FCM_ACCESS_TOKEN`, the device's
    /// registration token from `$FCM_TOKEN`. The shell passes the body as one argument: the
    /// compact text of ``json(token:)`` byte for byte, the value of `$FCM_TOKEN` (placed as it is:
    /// FCM tokens need no JSON escapes) only inside the `token` string, nothing else expanded.
    public var curl: String {
        // "token" sorts after "android" and "data", so the body with an empty token ends with
        // that token's empty string and the closing braces: the token goes between its quotes.
        let closing = "\"}}"
        let empty = (try? JSONWriter.compact(json(token: ""))) ?? ""
        precondition(empty.hasSuffix(",\"token\":\"" + closing), "the token is the message's last member")
        let body = ShellWord(String(empty.dropLast(closing.count))) + .variable("FCM_TOKEN") + ShellWord(closing)
        var command = ShellCommand("curl", "--fail-with-body")
        command.add("--header", "authorization: Bearer " + .variable("FCM_ACCESS_TOKEN"))
        command.add("--header", "content-type: application/json")
        command.add("--data-binary", body)
        command.add("https://fcm.googleapis.com/v1/projects/" + .variable("FCM_PROJECT_ID") + "/messages:send")
        return command.text
    }

    /// The members of `message` other than its target.
    private var message: [String: JSONValue] {
        ["android": .object(["priority": .string(priority)]), "data": .object(data.mapValues(JSONValue.string))]
    }

    /// What would keep the notification from being promoted: no title, not ongoing or not
    /// asking for promotion (until the end), a custom view, a colorized notification, or a data
    /// payload over ``maximumBytes``.
    public func eligibilityFindings() -> [PayloadFinding] {
        var findings: [PayloadFinding] = []
        func add(_ key: String, _ message: String, fix: String) {
            findings.append(PayloadFinding(.androidIneligible, at: JSONPath.member(key, in: "message.data"), message, fix: fix))
        }
        let ending = data["event"] == PushEvent.end.rawValue
        if !ending {
            if (data["title"] ?? "").allSatisfy(\.isWhitespace) {
                add("title", "a promoted ongoing notification needs a title", fix: "give the androidOngoing layout a first field with text")
            }
            for key in ["ongoing", "requestPromotedOngoing"] where data[key] != "true" {
                add(key, "\(key) is \(data[key].map { "\"\($0)\"" } ?? "missing"): only ongoing notifications that ask for it are promoted",
                    fix: "send \"\(key)\": \"true\"")
            }
        }
        for key in Self.customViewKeys where data[key] != nil {
            add(key, "a promoted ongoing notification cannot use a custom view", fix: "leave '\(key)' out and use the standard templates")
        }
        if data["colorized"] == "true" {
            add("colorized", "a promoted ongoing notification cannot be colorized", fix: "leave 'colorized' out")
        }
        let bytes = data.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        if bytes > Self.maximumBytes {
            findings.append(PayloadFinding(.androidIneligible, at: "message.data", "the data has \(bytes) bytes; FCM takes at most \(Self.maximumBytes)",
                                           fix: "send shorter texts"))
        }
        return findings
    }
}
