/// What a placement can show: its text slots and how many fields at most.
///
/// The one definition of these numbers: the `liverules.placements` and `liverules.layout` helper
/// modules receive them from the host (see `HostFunctions`), and the preview studio draws its
/// slots with them.
package struct PlacementBudget: Sendable, Equatable, Encodable {
    /// The placement these numbers are for.
    package let placement: Placement
    /// Its text slots, the default slot (the headline line) first.
    package let slots: [PlacementSlot]
    /// How many fields the placement shows at most.
    package let capacity: Int

    private enum CodingKeys: String, CodingKey {
        case placement = "id", slots, capacity
    }
}
