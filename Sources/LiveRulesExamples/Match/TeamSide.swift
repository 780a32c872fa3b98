/// Which team of the attributes an event belongs to.
public enum TeamSide: String, Codable, Hashable, Sendable {
    /// The attributes' `home` team.
    case home
    /// The attributes' `away` team.
    case away
}
