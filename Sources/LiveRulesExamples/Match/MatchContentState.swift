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

// MARK: - Score

/// Goals per side.
public struct Score: Codable, Hashable, Sendable {
    /// Goals counted for the home team.
    public var home: Int
    /// Goals counted for the away team.
    public var away: Int

    /// A score of `home`–`away`.
    public init(home: Int, away: Int) {
        self.home = home
        self.away = away
    }
}

// MARK: - MatchStatus

/// Where the match stands.
public enum MatchStatus: String, Codable, Hashable, Sendable {
    /// Not kicked off yet.
    case scheduled
    /// In play.
    case live
    /// The break between the halves.
    case halfTime
    /// Over: the score is final.
    case finished
}

// MARK: - MatchPeriod

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

// MARK: - MatchHalf

/// A half of a match, extra time's included.
public enum MatchHalf: String, Codable, Hashable, Sendable {
    /// The first half: the clock starts at 0:00.
    case first
    /// The second half: the clock restarts at 45:00.
    case second
    /// The first half of extra time: the clock restarts at 90:00.
    case extraTimeFirst
    /// The second half of extra time: the clock restarts at 105:00.
    case extraTimeSecond
}

// MARK: - MatchEvent

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

// MARK: - MatchEventKind

/// The kinds of match event the activity shows.
public enum MatchEventKind: String, Codable, Hashable, Sendable {
    /// A goal from open play or a set piece.
    case goal
    /// A goal from a penalty kick.
    case penaltyGoal
    /// A goal a player scored against their own side; it counts for the other side.
    case ownGoal
    /// A player sent off.
    case redCard
    /// A player cautioned.
    case yellowCard
}

// MARK: - TeamSide

/// Which team of the attributes an event belongs to.
public enum TeamSide: String, Codable, Hashable, Sendable {
    /// The attributes' `home` team.
    case home
    /// The attributes' `away` team.
    case away
}
