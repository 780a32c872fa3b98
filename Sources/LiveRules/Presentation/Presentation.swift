/// Everything an activity shows for one update: what the pack's rules decided.
///
/// `Codable` in the shape goldens have: it encodes ``json(placement:)``, which each part builds
/// from its own JSON form, and decodes by the same keys. `layout` is an object keyed by
/// placement raw value, colours are `#RRGGBB` text, and an appearance's `fallback` is `null`
/// when there is none.
public struct Presentation: Sendable, Hashable, Codable {
    /// What the activity is doing now; one of the pack's phases.
    public var phase: String
    /// The label the activity wears.
    public var badge: Badge
    /// How it ranks against other activities, and whether this update alerts.
    public var relevance: Relevance
    /// One layout per placement; every placement has one.
    public var layout: [Placement: PlacementLayout]
    /// The colours in each appearance.
    public var palette: Palette
    /// When the content goes stale and is dismissed, and the alert text: from the pack's
    /// timing rule, `nil` when the pack has none.
    public var timing: Timing?

    /// A presentation of these parts; ``Presenter`` makes them from a pack's rules.
    public init(phase: String, badge: Badge, relevance: Relevance, layout: [Placement: PlacementLayout], palette: Palette,
                timing: Timing? = nil) {
        self.phase = phase
        self.badge = badge
        self.relevance = relevance
        self.layout = layout
        self.palette = palette
        self.timing = timing
    }
}

// MARK: - Relevance

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
