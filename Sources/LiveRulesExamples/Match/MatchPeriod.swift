import Foundation

/// The half being played, and when it started: what a device counts the match clock up from.
public struct MatchPeriod: Codable, Hashable, Sendable {
    /// Which half is being played.
    public var half: MatchHalf
    /// When the half kicked off (the restart, for every half after the first).
    public var startedAt: Date

    /// The `half` that started at `startedAt`.
    public init(half: MatchHalf, startedAt: Date) {
        self.half = half
        self.startedAt = startedAt
    }
}
