import Foundation

/// Builds the APNs push for a presentation: right by construction, since every payload it
/// returns has passed the ``PayloadValidator`` without an error (a batch's, written straight to
/// text, whenever a check of its values cannot vouch for it).
///
/// The body's `content-state` is what the pack's ``PushSettings/contentState`` says: the state
/// as the app's default `JSONDecoder` decodes it (the app's keys from ``PushSettings``, dates as
/// seconds since 2001-01-01, absent optionals left out), the presentation's device form
/// (``Presentation/deviceForm``), or the state with the presentation under its key. A start's
/// `attributes` are the attributes in the app's form. `relevance-score` is the presentation's score; the
/// timing rule's `stale` and `dismissal` become `stale-date` (start, update) and
/// `dismissal-date` (end); its alert text is sent on start and when the relevance alerts, never
/// on end. `apns-priority` is 10 only for a push that alerts, else 5.
public struct PushPayloadBuilder: Sendable {
    /// The pack's manifest: its schema and push settings.
    public let manifest: PackManifest
    /// The pack's push settings.
    public let settings: PushSettings
    private let validator: PayloadValidator
    private let encoding: DeviceEncoding
    /// The headers of a push that does not alert and of one that does, with their JSON.
    private let headers: (quiet: [String: String], alerting: [String: String])
    private let headerValues: (quiet: JSONValue, alerting: JSONValue)

    /// A builder for the pack `manifest` describes; throws when it has no push settings.
    public init(manifest: PackManifest) throws(PayloadError) {
        guard let settings = manifest.push else { throw .noPushSettings(pack: manifest.name) }
        self.manifest = manifest
        self.settings = settings
        validator = PayloadValidator(manifest: manifest)
        encoding = DeviceEncoding(schema: manifest.schema, settings: settings)
        // `apns-priority` is 10 only for a push that alerts.
        let quiet = ["apns-push-type": "liveactivity", "apns-topic": settings.topic, "apns-priority": "5"]
        let alerting = quiet.merging(["apns-priority": "10"]) { $1 }
        headers = (quiet, alerting)
        headerValues = (.object(quiet.mapValues(JSONValue.string)), .object(alerting.mapValues(JSONValue.string)))
    }

    /// The push of `event` for `presentation`, made from `attributes` and `state` in rule form
    /// (as a ``Fixture`` holds them) at `now` (Unix seconds, the push's `timestamp` rounded
    /// down). `previousTimestamp` is the timestamp of the activity's last push, if any.
    public func build(
        _ event: PushEvent, presentation: Presentation, attributes: JSONValue, state: JSONValue, now: Double,
        previousTimestamp: Int? = nil
    ) throws(PayloadError) -> PushPayload {
        let body = self.body(event, presentation: presentation, attributes: attributes, state: state, now: now)
        let payload = PushPayload(headers: body.alert == nil ? headers.quiet : headers.alerting, body: body.json)
        try validate(payload, context: PayloadValidator.Context(now: now, previousTimestamp: previousTimestamp))
        return payload
    }

    /// Writes the members `"body"` and `"headers"` of the push `build` makes into the object open
    /// in `text`, the body written once, straight from its parts. For attributes and a state as
    /// ``PushRequest`` reads them and a presentation of the pack's rules, the validator runs only
    /// when a check of the values cannot vouch for the body (``PushBody/surelyPasses(bytes:context:)``);
    /// it throws what `build` throws.
    func write(
        _ event: PushEvent, presentation: Presentation, attributes: JSONValue, state: JSONValue, now: Double,
        previousTimestamp: Int?, into text: inout JSONText
    ) throws(PayloadError) {
        let body = self.body(event, presentation: presentation, attributes: attributes, state: state, now: now)
        text.key("body")
        let start = text.bytes.count
        body.write(to: &text)
        let context = PayloadValidator.Context(now: now, previousTimestamp: previousTimestamp)
        let alerts = body.alert != nil
        if text.wroteNonFinite || !body.surelyPasses(bytes: text.bytes.count - start, context: context) {
            try validate(PushPayload(headers: alerts ? headers.alerting : headers.quiet, body: body.json), context: context)
        }
        text.key("headers")
        (alerts ? headerValues.alerting : headerValues.quiet).write(to: &text)
    }

    private func body(_ event: PushEvent, presentation: Presentation, attributes: JSONValue, state: JSONValue, now: Double) -> PushBody {
        PushBody(event: event, timestamp: Int64(now.rounded(.down)), presentation: presentation, attributes: attributes, state: state,
                 schema: manifest.schema, settings: settings, encoding: encoding)
    }

    /// Throws the validator's errors about `payload` at `context`.
    private func validate(_ payload: PushPayload, context: PayloadValidator.Context) throws(PayloadError) {
        let errors = validator.validate(payload, context: context).filter { $0.severity == .error }
        guard errors.isEmpty else { throw .invalid(errors) }
    }

    /// The push of `event` as the `build` above makes it, from the app's own typed attributes
    /// and state (the types the presentation was made from) at `now`; throws
    /// ``PayloadError/input(_:)`` when they do not match the pack's schema.
    public func build<Attributes: Encodable, State: Encodable>(
        _ event: PushEvent, presentation: Presentation, attributes: Attributes, state: State, now: Date,
        previousTimestamp: Int? = nil
    ) throws(PayloadError) -> PushPayload {
        var mismatches: [SchemaMismatch] = []
        let attributes = Self.ruleForm(attributes, as: manifest.schema.attributes, at: "attributes", into: &mismatches)
        let state = Self.ruleForm(state, as: manifest.schema.state, at: "state", into: &mismatches)
        guard mismatches.isEmpty else { throw .input(mismatches) }
        return try build(event, presentation: presentation, attributes: attributes, state: state,
                         now: now.timeIntervalSince1970, previousTimestamp: previousTimestamp)
    }

    /// A typed value in rule form: encoded as fixtures spell it (dates as ISO-8601), then checked
    /// against `type` as fixtures are.
    private static func ruleForm(_ value: some Encodable, as type: SchemaType, at path: String,
                                 into mismatches: inout [SchemaMismatch]) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date.timeIntervalSince1970))
        }
        do {
            let document = try JSONParser.parse(try encoder.encode(value))
            return type.lower(document.value, at: path, into: &mismatches)
        } catch {
            mismatches.append(SchemaMismatch(path: path, message: "cannot be encoded: \(error)"))
            return .null
        }
    }
}

// MARK: - PayloadError

/// Why no push payload could be built.
public enum PayloadError: Error, Sendable, CustomStringConvertible {
    /// The pack's `pack.json` has no `"push"` settings.
    case noPushSettings(pack: String)
    /// The app's typed attributes or state do not match the pack's schema.
    case input([SchemaMismatch])
    /// The payload the rules give breaks a rule of APNs or the device (errors only).
    case invalid([PayloadFinding])

    /// What went wrong, one problem per line.
    public var description: String {
        switch self {
        case .noPushSettings(let pack):
            "the pack \(pack) has no \"push\" settings in pack.json: add { \"bundleID\", \"attributesType\" }"
        case .input(let mismatches):
            mismatches.map(\.description).joined(separator: "\n")
        case .invalid(let findings):
            findings.map(\.description).joined(separator: "\n")
        }
    }
}
