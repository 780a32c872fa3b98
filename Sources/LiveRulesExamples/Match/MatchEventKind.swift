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
