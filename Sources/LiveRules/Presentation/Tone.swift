/// A badge's tone: green for anything ongoing, the others by urgency.
public enum Tone: String, CaseIterable, Sendable, Hashable, Codable {
    case green, neutral, warning, critical
}
