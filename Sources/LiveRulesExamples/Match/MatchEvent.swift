import Foundation

/// Something that happened in the match.
public struct MatchEvent: Codable, Hashable, Sendable {
    /// What happened.
    public var kind: MatchEventKind
    /// For goals, the side the goal counts for (an own goal is scored by the other side's
    /// player); for cards, the player's side.
    public var team: TeamSide
    /// The match minute it happened in.
    public var minute: Int?
    /// The player's name, when the feed gives it.
    public var player: String?
    /// When the feed reported it.
    public var at: Date

    /// An event of `kind` for `team`, reported at `at`.
    public init(kind: MatchEventKind, team: TeamSide, minute: Int? = nil, player: String? = nil, at: Date) {
        self.kind = kind
        self.team = team
        self.minute = minute
        self.player = player
        self.at = at
    }
}
