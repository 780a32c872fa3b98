/// The short label an activity wears: "In progress", "Next up".
public struct Badge: Sendable, Hashable, Codable {
    public var text: String
    public var tone: Tone

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
