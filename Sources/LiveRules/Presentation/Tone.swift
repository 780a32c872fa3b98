/// A badge's tone: green for anything ongoing, the others by urgency.
public enum Tone: String, CaseIterable, Sendable, Hashable, Codable {
    /// Something going on as planned.
    case green
    /// Information, nothing to act on.
    case neutral
    /// Needs attention soon.
    case warning
    /// Needs attention now.
    case critical
}
