/// A region of a placement that shows text, and how much text fits there.
///
/// Numbers are in points for the smaller iPhone class (393-pt wide screens; 360 dp for Android),
/// so that what fits here fits on every larger device.
struct PlacementSlot: Sendable, Equatable, Encodable {
    /// The slot's name within its placement: "title", "body", "main", "leading", …
    let name: String
    /// The width of one text line in points: the region's width minus its margins.
    let width: Double
    /// How many lines the slot shows.
    let lines: Int
    /// 17 pt for headline text, 15 pt for short and secondary text.
    let fontSize: Int

    /// How many average characters (0.55 × the font size wide) fit on one line.
    var chars: Int { Int((width / (0.55 * Double(fontSize))).rounded(.down)) }

    private enum CodingKeys: String, CodingKey {
        case name, width, lines, fontSize, chars
    }

    /// Encodes every field, `chars` included; a whole `width` as an integer, so Lua sees 285
    /// and not 285.0.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if let whole = Int(exactly: width) {
            try container.encode(whole, forKey: .width)
        } else {
            try container.encode(width, forKey: .width)
        }
        try container.encode(lines, forKey: .lines)
        try container.encode(fontSize, forKey: .fontSize)
        try container.encode(chars, forKey: .chars)
    }
}
