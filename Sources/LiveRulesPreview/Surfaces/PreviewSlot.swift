import LiveRules

/// A slot of a placement as the page draws it: its line width on each phone class, its lines and
/// its font size, from the placement budgets the layout helpers measure with.
package struct PreviewSlot: Sendable, Encodable {
    package var name: String
    /// Line width in points, by phone class (`"393"`, `"430"`).
    package var width: [String: Double]
    package var lines: Int
    package var fontSize: Int
    /// Whether the placement's first field is drawn here whatever slot it names.
    package var lead: Bool

    init(_ slot: PlacementSlot) {
        name = slot.name
        width = ["393": slot.width, "430": slot.wideWidth]
        lines = slot.lines
        fontSize = slot.fontSize
        lead = slot.lead
    }
}

/// A placement as the page draws it: its capacity and slots, from ``Placement``'s budget.
package struct PreviewPlacement: Sendable, Encodable {
    package var id: Placement
    package var capacity: Int
    package var slots: [PreviewSlot]

    init(_ placement: Placement) {
        let budget = placement.budget
        id = placement
        capacity = budget.capacity
        slots = budget.slots.map(PreviewSlot.init)
    }
}
