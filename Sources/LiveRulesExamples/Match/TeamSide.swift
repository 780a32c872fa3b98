/// Which team of the attributes an event belongs to.
public enum TeamSide: String, Codable, Hashable, Sendable {
    case home
    case away
}
