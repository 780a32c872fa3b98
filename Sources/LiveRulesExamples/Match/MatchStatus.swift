/// Where the match stands.
public enum MatchStatus: String, Codable, Hashable, Sendable {
    case scheduled
    case live
    case halfTime
    case finished
}
