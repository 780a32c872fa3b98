import Foundation

/// Builds the APNs push for a presentation: right by construction, since every payload it
/// returns has passed the ``PayloadValidator`` without an error.
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

    /// A builder for the pack `manifest` describes; throws when it has no push settings.
    public init(manifest: PackManifest) throws(PayloadError) {
        guard let settings = manifest.push else { throw .noPushSettings(pack: manifest.name) }
        self.manifest = manifest
        self.settings = settings
        validator = PayloadValidator(manifest: manifest)
    }

    /// The push of `event` for `presentation`, made from `attributes` and `state` in rule form
    /// (as a ``Fixture`` holds them) at `now` (Unix seconds, the push's `timestamp` rounded
    /// down). `previousTimestamp` is the timestamp of the activity's last push, if any.
    public func build(
        _ event: PushEvent, presentation: Presentation, attributes: JSONValue, state: JSONValue, now: Double,
        previousTimestamp: Int? = nil
    ) throws(PayloadError) -> PushPayload {
        let schema = manifest.schema
        let timestamp = Int64(now.rounded(.down))
        var aps: [String: JSONValue] = [
            "timestamp": .integer(timestamp),
            "event": .string(event.rawValue),
            "content-state": contentState(presentation: presentation, state: state),
            "relevance-score": .number(presentation.relevance.score),
        ]
        let timing = presentation.timing
        var alert: AlertText?
        switch event {
        case .start:
            aps["attributes-type"] = .string(settings.attributesType)
            aps["attributes"] = schema.attributes.deviceValue(attributes, settings: settings)
            aps["input-push-token"] = .integer(1)
            alert = timing?.alert
        case .update:
            alert = presentation.relevance.alert ? timing?.alert : nil
        case .end:
            if let dismissal = timing?.dismissal { aps["dismissal-date"] = .integer(Int64(dismissal.timeIntervalSince1970.rounded(.down))) }
        }
        if event != .end, let stale = timing?.stale {
            aps["stale-date"] = .integer(Int64(stale.timeIntervalSince1970.rounded(.down)))
        }
        if let alert { aps["alert"] = .object(["title": .string(alert.title), "body": .string(alert.body)]) }
        let payload = PushPayload(headers: [
            "apns-push-type": "liveactivity",
            "apns-topic": settings.topic,
            "apns-priority": alert == nil ? "5" : "10",
        ], body: .object(["aps": .object(aps)]))
        let context = PayloadValidator.Context(now: now, previousTimestamp: previousTimestamp)
        let errors = validator.validate(payload, context: context).filter { $0.severity == .error }
        guard errors.isEmpty else { throw .invalid(errors) }
        return payload
    }

    /// The content state the pack's pushes carry (see the type's description).
    private func contentState(presentation: Presentation, state: JSONValue) -> JSONValue {
        switch settings.contentState {
        case .state:
            return manifest.schema.state.deviceValue(state, settings: settings)
        case .presentation:
            return presentation.deviceForm
        case .both(let key):
            guard case .object(var members) = manifest.schema.state.deviceValue(state, settings: settings) else { return .null }
            members[key] = presentation.deviceForm
            return .object(members)
        }
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
