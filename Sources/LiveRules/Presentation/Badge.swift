/// The short label an activity wears: "In progress", "Next up".
public struct Badge: Sendable, Hashable, Codable {
    /// The label as shown; short enough for the smallest placement that shows it.
    public var text: String
    /// The colour family the badge is drawn in.
    public var tone: Tone

    /// A badge reading `text` in `tone`.
    public init(text: String, tone: Tone) {
        self.text = text
        self.tone = tone
    }

    /// The JSON form, which `Codable` encodes: `{"text", "tone"}`.
    var json: JSONValue {
        .object(["text": .string(text), "tone": .string(tone.rawValue)])
    }

    /// Encodes `{"text", "tone"}`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
