/// What a phase rule returns: the phase, the badge and the relevance.
public struct PhaseSummary: Decodable, Hashable, Sendable {
    public struct Badge: Decodable, Hashable, Sendable {
        public var text: String
        public var tone: String

        public init(text: String, tone: String) {
            self.text = text
            self.tone = tone
        }
    }

    public struct Relevance: Decodable, Hashable, Sendable {
        public var score: Double
        public var alert: Bool

        public init(score: Double, alert: Bool) {
            self.score = score
            self.alert = alert
        }
    }

    public var phase: String
    public var badge: Badge
    public var relevance: Relevance

    public init(phase: String, badge: Badge, relevance: Relevance) {
        self.phase = phase
        self.badge = badge
        self.relevance = relevance
    }
}
