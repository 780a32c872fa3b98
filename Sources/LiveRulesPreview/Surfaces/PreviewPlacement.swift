#if Studio
import LiveRules

/// A placement as the page draws it: its capacity and slots, from ``Placement``'s budget.
package struct PreviewPlacement: Sendable, Encodable {
    /// Which placement.
    package var id: Placement
    /// How many fields it shows at most.
    package var capacity: Int
    /// Its slots, the default slot first.
    package var slots: [PreviewSlot]

    /// The page's form of `placement`'s budget.
    init(_ placement: Placement) {
        let budget = placement.budget
        id = placement
        capacity = budget.capacity
        slots = budget.slots.map(PreviewSlot.init)
    }
}
#endif
