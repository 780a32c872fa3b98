/// What a phase rule returns: the phase, the badge and the relevance. The benchmarks decode a
/// meetings-day rule's result into it.
public struct PhaseSummary: Decodable, Hashable, Sendable {
    /// The badge shown beside the activity.
    public struct Badge: Decodable, Hashable, Sendable {
        /// What the badge says; empty for no badge.
        public var text: String
        /// Its colour role: `green`, `neutral`, `warning` or `critical`.
        public var tone: String

        /// A badge saying `text` in `tone`.
        public init(text: String, tone: String) {
            self.text = text
            self.tone = tone
        }
    }

    /// How much the activity matters now.
    public struct Relevance: Decodable, Hashable, Sendable {
        /// From 0 (least) to 100 (most); the system ranks activities by it.
        public var score: Double
        /// Whether this update should alert the user.
        public var alert: Bool

        /// A relevance of `score` that alerts when `alert` is true.
        public init(score: Double, alert: Bool) {
            self.score = score
            self.alert = alert
        }
    }

    /// The phase the rule chose.
    public var phase: String
    /// The badge for that phase.
    public var badge: Badge
    /// The relevance for that phase.
    public var relevance: Relevance

    /// A summary of `phase` with its badge and relevance.
    public init(phase: String, badge: Badge, relevance: Relevance) {
        self.phase = phase
        self.badge = badge
        self.relevance = relevance
    }
}
