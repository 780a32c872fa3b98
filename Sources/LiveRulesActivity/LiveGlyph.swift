/// A status glyph drawn before a field's text.
///
/// The wire spells it as one string: `"dot"` (the green live dot), `"<tone> dot"`
/// (`"warning dot"`; a dot in any ``LiveTone``, known or not), or `"icon:NAME"` (an icon the
/// app draws, such as `"icon:bell"`: map NAME to an SF Symbol or an asset). Any other string
/// decodes as ``unknown(_:)``, which an app draws as nothing, so a glyph a later backend adds
/// never fails an update. Encodes as ``spelling``.
public enum LiveGlyph: Codable, Hashable, Sendable {
    /// A small filled circle in a tone: green says "live".
    case dot(LiveTone)
    /// An icon the app draws, by name.
    case icon(String)
    /// A glyph this version of the library does not know, as spelled.
    case unknown(String)

    /// The glyph `spelling` names, ``unknown(_:)`` when it names none this library knows.
    public init(spelling: String) {
        if spelling == "dot" {
            self = .dot(.green)
        } else if spelling.hasSuffix(Self.dotSuffix), case let tone = spelling.dropLast(Self.dotSuffix.count),
                  !tone.isEmpty, !tone.contains(" ") {
            self = .dot(LiveTone(rawValue: String(tone)))
        } else if spelling.hasPrefix(Self.iconPrefix), spelling.count > Self.iconPrefix.count {
            self = .icon(String(spelling.dropFirst(Self.iconPrefix.count)))
        } else {
            self = .unknown(spelling)
        }
    }

    /// The string the wire spells the glyph as; a green dot as `"dot"`.
    public var spelling: String {
        switch self {
        case .dot(.green): "dot"
        case .dot(let tone): tone.rawValue + Self.dotSuffix
        case .icon(let name): Self.iconPrefix + name
        case .unknown(let spelling): spelling
        }
    }

    private static let dotSuffix = " dot"
    private static let iconPrefix = "icon:"

    /// Decodes any string; fails only when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self.init(spelling: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes ``spelling``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(spelling)
    }
}
