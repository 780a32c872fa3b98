/// Goals per side.
public struct Score: Codable, Hashable, Sendable {
    public var home: Int
    public var away: Int

    public init(home: Int, away: Int) {
        self.home = home
        self.away = away
    }
}
