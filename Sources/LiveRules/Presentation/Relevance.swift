/// How an activity ranks against others, and whether this update should alert.
public struct Relevance: Sendable, Hashable, Codable {
    /// 0...100; the highest gets the Dynamic Island.
    public var score: Double
    /// Whether this update should alert (sound, light up the screen, expand the island).
    public var alert: Bool

    /// A relevance of `score` (0...100) that alerts when `alert` is true.
    public init(score: Double, alert: Bool) {
        self.score = score
        self.alert = alert
    }

    /// The JSON form, which `Codable` encodes: `{"score", "alert"}`.
    var json: JSONValue {
        .object(["score": .number(score), "alert": .bool(alert)])
    }

    /// Encodes `{"score", "alert"}`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
