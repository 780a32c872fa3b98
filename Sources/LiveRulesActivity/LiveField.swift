/// One field a placement shows: its id, its text, an optional glyph, and what to draw.
///
/// Wire form: `{"id", "text", "glyph"?, "timer"?, "progress"?}`. Decoding fails (and the
/// presentation skips the field) when it is not an object, or its `id` or `text` is missing or
/// not a string. Otherwise:
/// a glyph that is not a string is left out, an unknown one kept (see ``LiveGlyph``); a
/// `timer` or `progress` that does not decode (``LiveTimer``, ``LiveProgress``), both at once,
/// or a live kind this library does not know leave the field as ``LiveContent/text``; other
/// members are ignored. Encodes the same form.
///
/// Identifiable by ``id``: a presentation lists an id at most once per placement (the same id
/// may show different texts in different placements).
public struct LiveField: Codable, Hashable, Sendable, Identifiable {
    /// The field id the pack declares ("title", "countdown").
    public let id: String
    /// What the field reads at the push's moment, already shortened for its placement: draw it
    /// for ``LiveContent/text``, and wherever the live form cannot be drawn.
    public let text: String
    /// A status glyph drawn before the text, or nil for none.
    public let glyph: LiveGlyph?
    /// What to draw: the text, or a timer or progress in its place.
    public let content: LiveContent

    private enum CodingKeys: String, CodingKey {
        case id, text, glyph, timer, progress
    }

    /// Decodes the wire form; see the type's rules.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        text = try container.decode(String.self, forKey: .text)
        glyph = try? container.decodeIfPresent(LiveGlyph.self, forKey: .glyph)
        content = switch (container.contains(.timer), container.contains(.progress)) {
        case (true, false): (try? container.decode(LiveTimer.self, forKey: .timer)).map(LiveContent.timer) ?? .text
        case (false, true): (try? container.decode(LiveProgress.self, forKey: .progress)).map(LiveContent.progress) ?? .text
        default: .text
        }
    }

    /// Encodes the wire form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(glyph, forKey: .glyph)
        switch content {
        case .text: break
        case .timer(let timer): try container.encode(timer, forKey: .timer)
        case .progress(let progress): try container.encode(progress, forKey: .progress)
        }
    }
}

// MARK: - LiveContent

/// What a field draws: its text, or a form the device keeps current between pushes.
public enum LiveContent: Hashable, Sendable {
    /// The field's ``LiveField/text``, as it is.
    case text
    /// A clock: draw the timer in place of the text.
    case timer(LiveTimer)
    /// A bar: draw the progress in place of the text.
    case progress(LiveProgress)
}
