/// How an activity ranks against others, and whether this update should alert.
public struct Relevance: Sendable, Hashable, Codable, JSONShaped {
    /// 0...100; the highest gets the Dynamic Island.
    public var score: Double
    /// Whether this update should alert (sound, light up the screen, expand the island).
    public var alert: Bool

    /// A relevance of `score` (0...100) that alerts when `alert` is true.
    public init(score: Double, alert: Bool) {
        self.score = score
        self.alert = alert
    }

    /// Writes the JSON form, which `Codable` encodes: `{"score", "alert"}`.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        output.member("alert", .bool(alert))
        output.member("score", .number(score))
        output.endObject()
    }

    /// Encodes `{"score", "alert"}`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
