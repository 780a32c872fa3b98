/// One run of the ``PayloadValidator``'s checks over a body, collecting findings.
struct PayloadCheck {
    let validator: PayloadValidator
    let context: PayloadValidator.Context
    private(set) var findings: [PayloadFinding] = []

    init(validator: PayloadValidator, context: PayloadValidator.Context) {
        self.validator = validator
        self.context = context
    }

    mutating func add(_ code: PayloadFinding.Code, at path: String, _ message: String, fix: String,
                      severity: Diagnostic.Severity = .error) {
        findings.append(PayloadFinding(code, at: path, message, fix: fix, severity: severity))
    }

    /// Checks a body of `bytes` bytes found at `root`.
    mutating func body(_ body: JSONValue, bytes: Int, at root: String = "") {
        if bytes > PayloadValidator.maximumBytes {
            add(.bodyTooLarge, at: root, "the body has \(bytes) bytes (UTF-8); APNs takes at most \(PayloadValidator.maximumBytes); largest: "
                + Self.largestParts(of: body, at: root), fix: "send less content state: shorter texts, fewer list items")
        }
        let apsPath = JSONPath.member("aps", in: root)
        guard case .object(let members) = body, case .object(let aps)? = members["aps"] else {
            let keys = body.objectKeys
            let hint = keys.lazy.compactMap { Suggestion.closest(to: $0, among: ["aps"]) == nil ? nil : $0 }.first
            add(.missingAPS, at: JSONPath.member(hint ?? "aps", in: root),
                "the body has no \"aps\" object" + (hint.map { " (found '\($0)')" } ?? ""), fix: "put the push under \"aps\": { … }")
            return
        }
        unknownKeys(of: aps, at: apsPath, known: PayloadValidator.apsKeys)
        let event = self.event(aps["event"], at: JSONPath.member("event", in: apsPath))
        let timestamp = self.timestamp(aps["timestamp"], event: event, at: JSONPath.member("timestamp", in: apsPath))
        contentState(aps, event: event, at: apsPath)
        if event == .start { start(aps, at: apsPath) }
        dates(aps, event: event, timestamp: timestamp, at: apsPath)
        if let score = aps["relevance-score"], score.number == nil {
            add(.relevanceScore, at: JSONPath.member("relevance-score", in: apsPath), "expected a number, got \(score.brief)",
                fix: "send the presentation's relevance.score as a number")
        }
        alert(aps["alert"], event: event, at: JSONPath.member("alert", in: apsPath))
    }

    /// `apns-push-type`, `apns-topic` and `apns-priority` (10 only with an alert).
    mutating func headers(_ headers: [String: String], body: JSONValue) {
        let alerts = body["aps"]?["alert"] != nil
        var expected = ["apns-push-type": "liveactivity", "apns-priority": alerts ? "10" : "5"]
        if let settings = validator.manifest.push { expected["apns-topic"] = settings.topic }
        for name in expected.keys.sorted() where headers[name] != expected[name] {
            let why = name == "apns-priority" ? (alerts ? " (the push alerts)" : " (priority 10 is for alerting pushes and counts against a budget)") : ""
            add(.header, at: JSONPath.member(name, in: "headers"),
                "\(name) is \(headers[name].map { "\"\($0)\"" } ?? "missing"), expected \"\(expected[name]!)\"\(why)",
                fix: "send \(name): \(expected[name]!)")
        }
    }

    private mutating func event(_ value: JSONValue?, at path: String) -> PushEvent? {
        let events = PushEvent.allCases.map(\.rawValue)
        if case .string(let text)? = value, let event = PushEvent(rawValue: text) { return event }
        let hint = if case .string(let text)? = value { Suggestion.hint(for: text, among: events) } else { "" }
        add(.invalidEvent, at: path, "event is \(value?.brief ?? "missing")\(hint)", fix: "send \"event\": one of \(events.joined(separator: ", "))")
        return nil
    }

    /// Checks `timestamp` and returns it when it is usable as Unix seconds.
    private mutating func timestamp(_ value: JSONValue?, event: PushEvent?, at path: String) -> Double? {
        guard let value else {
            add(.timestamp, at: path, "timestamp is missing: the device cannot order updates", fix: "send \"timestamp\": the Unix time in whole seconds")
            return nil
        }
        guard let seconds = unixDate(value, at: path, what: "timestamp") else { return nil }
        if case .number = value {
            add(.timestamp, at: path, "timestamp \(value.brief) is not whole seconds", fix: "send an integer number of Unix seconds")
        }
        if let previous = context.previousTimestamp, event != .end, seconds <= Double(previous) {
            add(.timestampNotNewer, at: path, "timestamp \(value.brief) is not newer than the previous push's \(previous): the device ignores this update",
                fix: "stamp each push later than the one before")
        }
        if seconds > context.now + PayloadValidator.activityLimit {
            add(.timestampFuture, at: path, "timestamp \(value.brief) is more than 8 hours after now (\(Int64(context.now))): the device drops the push",
                fix: "stamp the push with the time it is sent")
        }
        return seconds
    }

    /// A Unix date of `aps`: a number of seconds, not milliseconds, not since 2001. Nil when it
    /// is none of them.
    private mutating func unixDate(_ value: JSONValue, at path: String, what: String) -> Double? {
        guard let seconds = value.number else {
            add(.dateNotNumber, at: path, "\(what) is \(value.brief); APNs expects a number of Unix seconds",
                fix: "send the Unix time in seconds, e.g. \(Int64(context.now))")
            return nil
        }
        if seconds > DeviceTime.millisecondsAbove {
            add(.dateMilliseconds, at: path, "\(what) \(value.brief) looks like milliseconds", fix: "divide by 1000: APNs counts seconds")
            return nil
        }
        if DeviceTime.looksSince2001(seconds, now: context.now) {
            add(.dateSince2001, at: path, "\(what) \(value.brief) looks like seconds since 2001-01-01: APNs reads it as about 31 years ago",
                fix: "add 978307200: aps dates are Unix seconds")
            return nil
        }
        return seconds
    }

    /// `stale-date` after the timestamp and within 8 hours of the start; `dismissal-date` on
    /// end only, at most 4 hours after it.
    private mutating func dates(_ aps: [String: JSONValue], event: PushEvent?, timestamp: Double?, at apsPath: String) {
        let sent = timestamp ?? context.now
        let stalePath = JSONPath.member("stale-date", in: apsPath)
        if let value = aps["stale-date"], let stale = unixDate(value, at: stalePath, what: "stale-date") {
            if stale <= sent {
                add(.staleDatePast, at: stalePath, "stale-date \(value.brief) is not after the push (\(Int64(sent)))"
                    + (event == .start ? ": a start with a past stale date is hidden at once" : ""),
                    fix: "send a stale-date in the future, or none")
            }
            let started = context.startedAt ?? sent
            if stale > started + PayloadValidator.activityLimit {
                add(.staleDateTooLate, at: stalePath, "stale-date \(value.brief) is more than 8 hours after the activity started (\(Int64(started))): it ends before then",
                    fix: "send a stale-date within 8 hours of the start")
            }
        }
        let dismissalPath = JSONPath.member("dismissal-date", in: apsPath)
        if let value = aps["dismissal-date"], let dismissal = unixDate(value, at: dismissalPath, what: "dismissal-date") {
            if event != .end {
                add(.dismissalNotEnd, at: dismissalPath, "dismissal-date belongs to an end push", fix: "send it with \"event\": \"end\"",
                    severity: .warning)
            } else if dismissal > sent + PayloadValidator.dismissalLimit {
                add(.dismissalTooLate, at: dismissalPath, "dismissal-date \(value.brief) is more than 4 hours after the end (\(Int64(sent))): the system removes the activity sooner",
                    fix: "send a dismissal-date at most 4 hours after the end")
            }
        }
    }

    /// A start's `attributes-type` (the pack's) and `attributes` (the schema's attributes), and
    /// its alert.
    private mutating func start(_ aps: [String: JSONValue], at apsPath: String) {
        let typePath = JSONPath.member("attributes-type", in: apsPath)
        let expected = validator.manifest.push?.attributesType
        switch aps["attributes-type"] {
        case .string(let name)? where expected == nil || name == expected:
            break
        case let value?:
            add(.attributesType, at: typePath, "attributes-type is \(value.brief), the app's type is \(expected ?? "a string")",
                fix: "send \"attributes-type\": \"\(expected ?? "<ActivityAttributes type>")\"")
        case nil:
            add(.attributesType, at: typePath, "a start push needs attributes-type", fix: "send \"attributes-type\": \"\(expected ?? "<ActivityAttributes type>")\"")
        }
        let attributesPath = JSONPath.member("attributes", in: apsPath)
        if let attributes = aps["attributes"] {
            value(attributes, as: validator.manifest.schema.attributes, at: attributesPath)
        } else {
            add(.missingAttributes, at: attributesPath, "a start push needs attributes", fix: "send the activity's attributes")
        }
        if aps["alert"] == nil {
            add(.missingAlert, at: JSONPath.member("alert", in: apsPath), "a start push without an alert is accepted by APNs and dropped by the device",
                fix: "send an alert { title, body } (the pack's timing rule gives its text)")
        }
    }

    private mutating func contentState(_ aps: [String: JSONValue], event: PushEvent?, at apsPath: String) {
        let path = JSONPath.member("content-state", in: apsPath)
        guard let state = aps["content-state"] else {
            add(.missingContentState, at: path, "content-state is missing", fix: "send the whole content state: activities keep none of the last one")
            return
        }
        switch validator.manifest.push?.contentState ?? .state {
        case .state:
            value(state, as: validator.manifest.schema.state, at: path)
        case .presentation:
            presentation(state, at: path)
        case .both(let key):
            guard case .object(var members) = state, let form = members.removeValue(forKey: key) else {
                add(.missingField, at: JSONPath.member(key, in: path), "the pack sends the presentation under '\(key)' beside the state, and it is missing",
                    fix: "send the presentation's device form as '\(key)'")
                value(state, as: validator.manifest.schema.state, at: path)
                break
            }
            value(.object(members), as: validator.manifest.schema.state, at: path)
            presentation(form, at: JSONPath.member(key, in: path))
        }
        var bytes = ((try? JSONWriter.compact(state)) ?? "").utf8.count
        if event == .start, let attributes = aps["attributes"] { bytes += ((try? JSONWriter.compact(attributes)) ?? "").utf8.count }
        if bytes > PayloadValidator.maximumBytes {
            add(.contentTooLarge, at: path, "\(event == .start ? "attributes and content state have" : "the content state has") \(bytes) bytes; at most \(PayloadValidator.maximumBytes) are allowed; "
                + "largest: " + Self.largestParts(of: state, at: path),
                fix: "send less content state: shorter texts, fewer list items")
        }
    }

    private mutating func alert(_ value: JSONValue?, event: PushEvent?, at path: String) {
        guard let value else { return }
        if event == .end {
            add(.alertOnEnd, at: path, "an end push never alerts", fix: "leave the alert out of end pushes")
        }
        guard case .object(let members) = value else {
            add(.alertIncomplete, at: path, "alert is \(value.brief); a Live Activity alert is { title, body }", fix: "send \"alert\": { \"title\", \"body\" }")
            return
        }
        unknownKeys(of: members, at: path, known: PayloadValidator.alertKeys)
        for key in ["title", "body"] {
            let localized = key == "title" ? "title-loc-key" : "loc-key"
            if case .string(let text)? = members[key], !text.isEmpty { continue }
            if members[localized] != nil { continue }
            add(.alertIncomplete, at: JSONPath.member(key, in: path), "the alert's \(key) is \(members[key]?.brief ?? "missing")",
                fix: "send a non-empty \(key)")
        }
    }

    /// Reports keys not among `known`: an error for a near miss (the value is lost), else a
    /// warning (the device ignores it).
    mutating func unknownKeys(of members: [String: JSONValue], at path: String, known: [String]) {
        for key in members.keys.sorted() where !known.contains(key) {
            if let near = Suggestion.closest(to: key, among: known) ?? Self.camelCase(key).flatMap({ known.contains($0) ? $0 : nil }) {
                add(.unknownKey, at: JSONPath.member(key, in: path), "unknown key '\(key)' — did you mean \(near)?",
                    fix: "send it as '\(near)': the device decodes exact keys and drops the value")
            } else {
                add(.unknownKey, at: JSONPath.member(key, in: path), "unknown key '\(key)'", fix: "leave it out: the device ignores it",
                    severity: .warning)
            }
        }
    }

    /// `snake_case_name` as `snakeCaseName`; nil when there is no underscore.
    private static func camelCase(_ key: String) -> String? {
        let parts = key.split(separator: "_")
        guard parts.count > 1 else { return nil }
        return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }
}

extension JSONValue {
    /// The value as a Double when it is a number.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The value as a String when it is a string.
    var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// An object's keys; empty for anything else.
    var objectKeys: [String] {
        if case .object(let members) = self { members.keys.sorted() } else { [] }
    }
}
