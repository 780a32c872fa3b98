#if Studio
import LiveRules

/// A slot of a placement as the page draws it: its line width on each phone class, its lines and
/// its font size, from the placement budgets the layout helpers measure with.
package struct PreviewSlot: Sendable, Encodable {
    /// The slot's name within its placement (`title`, `body`, `main`, …).
    package var name: String
    /// Line width in points, by phone class (`"393"`, `"430"`).
    package var width: [String: Double]
    /// How many lines the slot shows.
    package var lines: Int
    /// The font size in points.
    package var fontSize: Int
    /// Whether the placement's first field is drawn here whatever slot it names.
    package var lead: Bool

    /// The page's form of a budget's slot.
    init(_ slot: PlacementSlot) {
        name = slot.name
        width = ["393": slot.width, "430": slot.wideWidth]
        lines = slot.lines
        fontSize = slot.fontSize
        lead = slot.lead
    }
}
#endif
