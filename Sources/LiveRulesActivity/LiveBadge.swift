/// The short label an activity wears, drawn as a pill: "In progress", "Next up".
///
/// Decodes `{"text", "tone"}` from any object: a missing or non-string `text` reads as empty
/// (draw no pill), a missing or non-string `tone` as ``LiveTone/neutral``; an unknown tone is
/// kept (see ``LiveTone``). Fails only when the value is not an object.
public struct LiveBadge: Codable, Hashable, Sendable {
    /// The label as shown; empty when the presentation has none.
    public let text: String
    /// The colour family the badge is drawn in.
    public let tone: LiveTone

    /// No label, in the neutral tone: a presentation without a badge.
    static let none = LiveBadge(text: "", tone: .neutral)

    init(text: String, tone: LiveTone) {
        self.text = text
        self.tone = tone
    }

    private enum CodingKeys: String, CodingKey {
        case text, tone
    }

    /// Decodes what there is of `{"text", "tone"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = (try? container.decode(String.self, forKey: .text)) ?? ""
        tone = (try? container.decode(LiveTone.self, forKey: .tone)) ?? .neutral
    }
}

// MARK: - LiveTone

/// The colour family a badge or a dot is drawn in: green for anything ongoing, the others by
/// urgency.
///
/// Open: a tone a later backend adds decodes as itself, so a `switch` over the known values
/// needs a `default` (draw an unknown tone as ``neutral``). Encodes as its raw string.
public struct LiveTone: RawRepresentable, Codable, Hashable, Sendable {
    /// The tone as the wire spells it.
    public let rawValue: String

    /// The tone spelled `rawValue`, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Something going on as planned.
    public static let green = LiveTone(rawValue: "green")
    /// Information, nothing to act on.
    public static let neutral = LiveTone(rawValue: "neutral")
    /// Needs attention soon.
    public static let warning = LiveTone(rawValue: "warning")
    /// Needs attention now.
    public static let critical = LiveTone(rawValue: "critical")
}
