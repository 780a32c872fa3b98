import Foundation

/// The match activity's dynamic content state (ActivityKit's `ContentState`).
public struct MatchContentState: Codable, Hashable, Sendable {
    /// Where the match stands.
    public var status: MatchStatus
    /// The score; 0–0 before kick-off.
    public var score: Score
    /// The match minute, when the feed has one.
    public var minute: Int?
    /// The latest event: a goal, a card.
    public var lastEvent: MatchEvent?
    /// The half in play and when it started, when the feed has them: the device then keeps the
    /// match clock running between updates.
    public var period: MatchPeriod?
    /// When the feed's data in this update was current. An update sent for an event carries the
    /// event's `at`; later updates (the clock ticking, a heartbeat) carry their own, later time.
    public var updatedAt: Date

    /// A state with `status` and `score` as of `updatedAt`, with the minute, latest event and
    /// period when the feed has them.
    public init(status: MatchStatus, score: Score, minute: Int? = nil, lastEvent: MatchEvent? = nil,
                period: MatchPeriod? = nil, updatedAt: Date) {
        self.status = status
        self.score = score
        self.minute = minute
        self.lastEvent = lastEvent
        self.period = period
        self.updatedAt = updatedAt
    }
}
