/// The kinds of match event the activity shows.
public enum MatchEventKind: String, Codable, Hashable, Sendable {
    case goal
    case penaltyGoal
    case ownGoal
    case redCard
    case yellowCard
}
