/// The colour family a badge or a dot is drawn in: green for anything ongoing, the others by
/// urgency.
///
/// Open: a tone a later backend adds decodes as itself, so a `switch` over the known values
/// needs a `default` (draw an unknown tone as ``neutral``). Encodes as its raw string.
public struct LiveTone: RawRepresentable, Codable, Hashable, Sendable {
    /// The tone as the wire spells it.
    public let rawValue: String

    /// The tone spelled `rawValue`, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Something going on as planned.
    public static let green = LiveTone(rawValue: "green")
    /// Information, nothing to act on.
    public static let neutral = LiveTone(rawValue: "neutral")
    /// Needs attention soon.
    public static let warning = LiveTone(rawValue: "warning")
    /// Needs attention now.
    public static let critical = LiveTone(rawValue: "critical")
}
