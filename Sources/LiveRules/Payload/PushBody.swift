import Foundation

/// The body of a Live Activity push, `{"aps": …}`, as ``PushPayloadBuilder`` describes it: one
/// definition for the tree a ``PushPayload`` holds and for the text a batch sends, written
/// member by member in sorted key order.
struct PushBody: JSONShaped {
    let event: PushEvent
    /// The push's `timestamp`: Unix seconds.
    let timestamp: Int64
    let presentation: Presentation
    /// The activity's attributes in rule form (as a ``Fixture`` holds them); sent on start only.
    let attributes: JSONValue
    /// The activity's content state in rule form.
    let state: JSONValue
    let schema: Schema
    let settings: PushSettings
    let encoding: DeviceEncoding

    /// The timing rule's alert text on start, and on update when the relevance alerts; never on end.
    var alert: AlertText? {
        switch event {
        case .start: presentation.timing?.alert
        case .update: presentation.relevance.alert ? presentation.timing?.alert : nil
        case .end: nil
        }
    }

    /// `stale-date`: the timing rule's stale date, on start and update.
    private var stale: Int64? {
        event == .end ? nil : presentation.timing?.stale.map(Self.unixSeconds)
    }

    /// `dismissal-date`: the timing rule's dismissal date, on end.
    private var dismissal: Int64? {
        event == .end ? presentation.timing?.dismissal.map(Self.unixSeconds) : nil
    }

    func write(to output: inout some JSONOutput) {
        output.beginObject()
        output.key("aps")
        output.beginObject()
        if let alert { output.member("alert", alert) }
        if event == .start {
            output.key("attributes")
            encoding.write(attributes, as: schema.attributes, to: &output)
            output.member("attributes-type", .string(settings.attributesType))
        }
        output.key("content-state")
        switch settings.contentState {
        case .state: encoding.write(state, as: schema.state, to: &output)
        case .presentation: DeviceForm(presentation: presentation).write(to: &output)
        case .both(let key): encoding.write(state, as: schema.state, adding: key, DeviceForm(presentation: presentation), to: &output)
        }
        if let dismissal { output.member("dismissal-date", .integer(dismissal)) }
        output.member("event", .string(event.rawValue))
        if event == .start { output.member("input-push-token", .integer(1)) }
        output.member("relevance-score", .number(presentation.relevance.score))
        if let stale { output.member("stale-date", .integer(stale)) }
        output.member("timestamp", .integer(timestamp))
        output.endObject()
        output.endObject()
    }

    /// Whether the ``PayloadValidator`` surely finds no error in the push of this body, `bytes`
    /// bytes as sent, with the headers the builder gives it, checked at `context`. Only what the
    /// values decide is looked at: the size, the clocks, the dates, the alert. The rest (keys,
    /// types, the presentation's phase, fields and colours) holds by construction for attributes
    /// and a state read against the pack's schema, as ``PushRequest`` reads them, and a
    /// presentation of the pack's rules. False says only that the validator must decide.
    func surelyPasses(bytes: Int, context: PayloadValidator.Context) -> Bool {
        // The content state and a start's attributes are parts of the body: within the body's
        // limit, within theirs too.
        guard bytes <= PayloadValidator.maximumBytes else { return false }
        let now = context.now, sent = Double(timestamp)
        guard DeviceTime.isPlainUnix(sent, now: now), sent <= now + PayloadValidator.activityLimit else { return false }
        if event != .end, let previous = context.previousTimestamp, sent <= Double(previous) { return false }
        if let stale = stale.map(Double.init) {
            guard DeviceTime.isPlainUnix(stale, now: now), stale > sent,
                  stale <= (context.startedAt ?? sent) + PayloadValidator.activityLimit else { return false }
        }
        if let dismissal = dismissal.map(Double.init) {
            guard DeviceTime.isPlainUnix(dismissal, now: now), dismissal <= sent + PayloadValidator.dismissalLimit else { return false }
        }
        let alert = self.alert
        if let alert, alert.title.isEmpty || alert.body.isEmpty { return false }
        if event == .start {
            guard alert != nil, encoding.datesArePlain(in: attributes, as: schema.attributes, now: now) else { return false }
        }
        switch settings.contentState {
        case .state:
            return encoding.datesArePlain(in: state, as: schema.state, now: now)
        case .presentation:
            return DeviceForm(presentation: presentation).datesArePlain(now: now)
        case .both:
            guard case .object = schema.state, case .object = state else { return false }
            return encoding.datesArePlain(in: state, as: schema.state, now: now) && DeviceForm(presentation: presentation).datesArePlain(now: now)
        }
    }

    private static func unixSeconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }
}
