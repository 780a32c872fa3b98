/// Where a live activity shows (see <doc:Placements> for their sizes and budgets).
/// As a dictionary key it encodes as its raw value, so `[Placement: …]` is a JSON object.
public enum Placement: String, CaseIterable, Sendable, Hashable, Codable, CodingKeyRepresentable {
    /// The lock screen card, and the banner on devices without a Dynamic Island.
    case lockScreen
    /// The Dynamic Island's compact presentation, left of the camera.
    case islandCompactLeading
    /// The Dynamic Island's compact presentation, right of the camera.
    case islandCompactTrailing
    /// The Dynamic Island's minimal presentation, shown when several activities run.
    case islandMinimal
    /// The Dynamic Island expanded on a long press.
    case islandExpanded
    /// StandBy: the lock screen layout drawn at about 2×.
    case standBy
    /// The Apple Watch Smart Stack.
    case watchSmartStack
    /// Android's promoted ongoing notification (Live Updates) and its status-bar chip.
    case androidOngoing
}

// MARK: - PlacementBudget

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
    /// Whether it draws a timer without hours as its whole minutes ("67'"), redrawn each
    /// minute, because its one clock shows hours from the 60th minute on: Android's
    /// notification (<doc:AndroidNotifications>). Its layout measures such a timer so.
    package var minuteTimers = false

    private enum CodingKeys: String, CodingKey {
        case placement = "id", slots, capacity, minuteTimers
    }
}

// MARK: - Budgets

extension Placement {
    /// The placement's slots and capacity. Widths are the region's width minus its margins, from
    /// <doc:Placements> for the 393-pt and the 430-pt iPhone class, and a 360-dp Android
    /// screen.
    package var budget: PlacementBudget {
        switch self {
        case .lockScreen, .standBy:
            // StandBy draws the lock-screen layout 2×: in layout points its budgets are the same.
            // 343 / 380 usable - 2 × 4 margins, and 50 kept for a trailing timer or badge on the title.
            PlacementBudget(placement: self, slots: [
                PlacementSlot(name: "title", width: 285, wideWidth: 322, lines: 1, fontSize: 17),
                PlacementSlot(name: "body", width: 335, wideWidth: 372, lines: 3, fontSize: 15),
            ], capacity: 8)
        case .islandCompactLeading, .islandCompactTrailing:
            // 52.33 / 62.33 - 2 × 4.
            PlacementBudget(placement: self, slots: [
                PlacementSlot(name: "main", width: 44.33, wideWidth: 54.33, lines: 1, fontSize: 15),
            ], capacity: 1)
        case .islandMinimal:
            // 36.67 - 2 × 4 of text on both classes: the guidelines give the minimal presentation
            // 36.67–45 pt whatever the phone. The 8.33 pt it may grow by are a status glyph's
            // (`Glyph.width`), drawn outside the text, so a dot and 28.67 pt of text fill 45.
            // Its text is caption-sized, 11 pt, so that a clock ("10:30") or a score ("12:11"),
            // 2.5 em wide, reads whole in the circle.
            PlacementBudget(placement: self, slots: [PlacementSlot(name: "main", width: 28.67, lines: 1, fontSize: 11)], capacity: 1)
        case .islandExpanded:
            // Leading and trailing ≈123 / ≈141 beside the camera, center ≈125 below it on both
            // classes (the guidelines give one figure) (- 2 × 4 each); bottom 371 / 408 - 2 × 16
            // (the island's rounded corners).
            PlacementBudget(placement: self, slots: [
                PlacementSlot(name: "leading", width: 115, wideWidth: 133, lines: 2, fontSize: 15),
                PlacementSlot(name: "trailing", width: 115, wideWidth: 133, lines: 2, fontSize: 15),
                PlacementSlot(name: "center", width: 117, lines: 1, fontSize: 15),
                PlacementSlot(name: "bottom", width: 339, wideWidth: 376, lines: 2, fontSize: 17),
            ], capacity: 6)
        case .watchSmartStack:
            // 152 (40 mm) - 2 × 8 with either phone: the watch's size does not follow the phone's.
            PlacementBudget(placement: self, slots: [PlacementSlot(name: "main", width: 136, lines: 2, fontSize: 15)], capacity: 3)
        case .androidOngoing:
            // 360 dp - 2 × 16 margins - 44 icon column - 16 end padding, for both classes (the
            // guidelines give Android no larger class); the status-bar chip holds at most 7
            // characters. The notification shows its first field as its content title, and a
            // progress style's bar on a line of its own below the text.
            PlacementBudget(placement: self, slots: [
                PlacementSlot(name: "title", width: 268, lines: 1, fontSize: 17, lead: true),
                PlacementSlot(name: "text", width: 268, lines: 1, fontSize: 15),
                PlacementSlot(name: "progress", width: 268, lines: 1, fontSize: 15),
                PlacementSlot(name: "chip", width: 60, lines: 1, fontSize: 15),
            ], capacity: 4, minuteTimers: true)
        }
    }
}

extension Placement {
    /// The names of the placement's slots, its default slot first: what rules may name as a
    /// field's `slot`.
    package var slotNames: [String] { budget.slots.map(\.name) }
}
