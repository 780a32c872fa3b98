/// A region of a placement that shows text, and how much text fits there.
///
/// Numbers are in points for each iPhone class of <doc:Placements> (393-pt and 430-pt wide
/// screens; 360 dp for Android, which the guidelines give no second class for). Layouts are
/// decided for the narrower class (``width``), so that what fits there fits on every larger
/// device; ``widths`` has both, for measuring a field on either.
package struct PlacementSlot: Sendable, Equatable, Encodable {
    /// The phone classes budgets are given for, by screen width in points; the first is the
    /// class layouts are decided for.
    package static let phoneClasses = [393, 430]

    /// The slot's name within its placement: "title", "body", "main", "leading", …
    package let name: String
    /// The width of one text line in points on the narrower class: the region's width minus its
    /// margins.
    package let width: Double
    /// The same on the 430-pt class.
    package let wideWidth: Double
    /// How many lines the slot shows.
    package let lines: Int
    /// 17 pt for headline text, 15 pt for short and secondary text.
    package let fontSize: Int
    /// Whether the surface shows the placement's first field here whatever slot a rule names for
    /// it (Android's notification: its first field is the content title).
    package let lead: Bool

    /// A slot `width` wide on the 393-pt class and `wideWidth` (the same by default) on the
    /// 430-pt class.
    init(name: String, width: Double, wideWidth: Double? = nil, lines: Int, fontSize: Int, lead: Bool = false) {
        self.name = name
        self.width = width
        self.wideWidth = wideWidth ?? width
        self.lines = lines
        self.fontSize = fontSize
        self.lead = lead
    }

    /// The line width on each of ``phoneClasses``.
    var widths: [Int: Double] { [393: width, 430: wideWidth] }

    /// How many average characters (0.55 × the font size wide) fit on one line.
    var chars: Int { Int((width / (0.55 * Double(fontSize))).rounded(.down)) }

    private enum CodingKeys: String, CodingKey {
        case name, width, widths, lines, fontSize, chars, lead
    }

    /// Encodes every field, `chars` included, and `widths` as `{ [393] = …, [430] = … }`; whole
    /// widths as integers, so Lua sees 285 and not 285.0.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(Points(width), forKey: .width)
        try container.encode(widths.mapValues(Points.init), forKey: .widths)
        try container.encode(lines, forKey: .lines)
        try container.encode(fontSize, forKey: .fontSize)
        try container.encode(chars, forKey: .chars)
        try container.encode(lead, forKey: .lead)
    }

    /// A width that encodes as an integer when it is whole.
    private struct Points: Encodable {
        let value: Double

        init(_ value: Double) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let whole = Int(exactly: value) { try container.encode(whole) } else { try container.encode(value) }
        }
    }
}
