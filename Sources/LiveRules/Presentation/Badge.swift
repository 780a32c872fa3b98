/// The short label an activity wears: "In progress", "Next up".
public struct Badge: Sendable, Hashable, Codable {
    public var text: String
    public var tone: Tone

    public init(text: String, tone: Tone) {
        self.text = text
        self.tone = tone
    }
}
