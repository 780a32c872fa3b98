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
