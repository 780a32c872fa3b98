import Foundation

/// The match activity's static attributes, set when it starts.
public struct MatchAttributes: Codable, Hashable, Sendable {
    /// The home team.
    public var home: Team
    /// The away team.
    public var away: Team
    /// The scheduled kick-off time.
    public var kickoff: Date
    /// IANA time zone the kick-off and "last update" times are shown in.
    public var timeZone: String

    /// Attributes of `home` against `away`, kicking off at `kickoff`, shown in `timeZone`.
    public init(home: Team, away: Team, kickoff: Date, timeZone: String) {
        self.home = home
        self.away = away
        self.kickoff = kickoff
        self.timeZone = timeZone
    }
}

// MARK: - Team

/// One side of a match.
public struct Team: Codable, Hashable, Sendable {
    /// "Arsenal".
    public var name: String
    /// The short code: "ARS".
    public var code: String
    /// `#RRGGBB`, when the team has a usable colour.
    public var colour: String?

    /// A team called `name`, `code` for short, with its colour when it has a usable one.
    public init(name: String, code: String, colour: String? = nil) {
        self.name = name
        self.code = code
        self.colour = colour
    }
}
