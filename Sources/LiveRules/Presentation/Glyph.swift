/// A status glyph a field carries: drawn beside the field's text, outside its text budget, in
/// a width of its own (``width``), so a glyph and a text fit wherever the text alone fits.
///
/// Rules and goldens spell it as one string: `"dot"` (the green live dot), `"warning dot"`
/// (a dot in any ``Tone``), or `"icon:NAME"` (an icon the app draws, such as `"icon:bell"`;
/// NAME is lowercase letters, digits, `.` and `-`). It encodes as that string, a green dot as
/// `"dot"`.
public enum Glyph: Sendable, Hashable, Codable {
    /// A small filled circle in a tone: green says "live".
    case dot(Tone)
    /// An icon the app draws, by name.
    case icon(String)

    /// The glyph a rule's spelling names, or nil when it names none.
    public init?(spelling: String) {
        if spelling == "dot" {
            self = .dot(.green)
        } else if spelling.hasSuffix(" dot"), let tone = Tone(rawValue: String(spelling.dropLast(4))) {
            self = .dot(tone)
        } else if spelling.hasPrefix(Self.iconPrefix), case let name = String(spelling.dropFirst(Self.iconPrefix.count)),
                  !name.isEmpty, name.utf8.count <= 64,
                  name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }) {
            self = .icon(name)
        } else {
            return nil
        }
    }

    /// The string rules and goldens spell the glyph as.
    public var spelling: String {
        switch self {
        case .dot(.green): "dot"
        case .dot(let tone): "\(tone.rawValue) dot"
        case .icon(let name): Self.iconPrefix + name
        }
    }

    /// The spellings an unknown glyph is compared with for a suggestion.
    package static let spellings = ["dot"] + Tone.allCases.map { "\($0.rawValue) dot" } + ["icon:NAME"]

    private static let iconPrefix = "icon:"

    /// The width in points the glyph takes beside the text, its gap included. A dot takes what
    /// the guidelines let the minimal presentation grow by, 45 - 36.67 (<doc:Placements>:
    /// 36.67–45 pt wide), so a dot and the minimal view's 28.67-pt text fit its 45 pt. An icon
    /// takes two average 15-pt characters (2 × 0.55 × 15): the compact presentation's budget of
    /// "5 characters, or glyph + 3".
    public var width: Double {
        switch self {
        case .dot: 8.33
        case .icon: 16.5
        }
    }

    /// Decodes the spelling; anything else is a data-corrupted error naming the spellings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let spelling = try container.decode(String.self)
        guard let glyph = Glyph(spelling: spelling) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown glyph '\(spelling)' (glyphs: \(Self.spellings.joined(separator: ", ")))")
        }
        self = glyph
    }

    /// Encodes ``spelling``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(spelling)
    }
}
