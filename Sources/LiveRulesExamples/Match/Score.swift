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
