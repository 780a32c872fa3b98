/// The short label an activity wears: "In progress", "Next up".
public struct Badge: Sendable, Hashable, Codable, JSONShaped {
    /// The label as shown; short enough for the smallest placement that shows it.
    public var text: String
    /// The colour family the badge is drawn in.
    public var tone: Tone

    /// A badge reading `text` in `tone`.
    public init(text: String, tone: Tone) {
        self.text = text
        self.tone = tone
    }

    /// Writes the JSON form, which `Codable` encodes: `{"text", "tone"}`.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        output.member("text", .string(text))
        output.member("tone", .string(tone.rawValue))
        output.endObject()
    }

    /// Encodes `{"text", "tone"}`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

// MARK: - Tone

/// A badge's tone: green for anything ongoing, the others by urgency.
public enum Tone: String, CaseIterable, Sendable, Hashable, Codable {
    /// Something going on as planned.
    case green
    /// Information, nothing to act on.
    case neutral
    /// Needs attention soon.
    case warning
    /// Needs attention now.
    case critical
}
