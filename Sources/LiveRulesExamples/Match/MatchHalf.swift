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
