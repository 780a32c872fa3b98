extension Placement {
    /// The placement's slots and capacity. Widths are the region's width minus its margins, from
    /// `domain/placements.md` for the 393-pt iPhone class and a 360-dp Android screen.
    var budget: PlacementBudget {
        switch self {
        case .lockScreen, .standBy:
            // StandBy draws the lock-screen layout 2×: in layout points its budgets are the same.
            // 343 usable - 2 × 4 margins, and 50 kept for a trailing timer or badge on the title.
            PlacementBudget(placement: self, slots: [
                PlacementSlot(name: "title", width: 285, lines: 1, fontSize: 17),
                PlacementSlot(name: "body", width: 335, lines: 3, fontSize: 15),
            ], capacity: 8)
        case .islandCompactLeading, .islandCompactTrailing:
            // 52.33 - 2 × 4.
            PlacementBudget(placement: self, slots: [PlacementSlot(name: "main", width: 44.33, lines: 1, fontSize: 15)], capacity: 1)
        case .islandMinimal:
            // 36.67 - 2 × 4.
            PlacementBudget(placement: self, slots: [PlacementSlot(name: "main", width: 28.67, lines: 1, fontSize: 15)], capacity: 1)
        case .islandExpanded:
            // Leading and trailing ≈123 beside the camera, center ≈125 below it (- 2 × 4 each);
            // bottom 371 - 2 × 16 (the island's rounded corners).
            PlacementBudget(placement: self, slots: [
                PlacementSlot(name: "leading", width: 115, lines: 2, fontSize: 15),
                PlacementSlot(name: "trailing", width: 115, lines: 2, fontSize: 15),
                PlacementSlot(name: "center", width: 117, lines: 1, fontSize: 15),
                PlacementSlot(name: "bottom", width: 339, lines: 2, fontSize: 17),
            ], capacity: 6)
        case .watchSmartStack:
            // 152 (40 mm) - 2 × 8.
            PlacementBudget(placement: self, slots: [PlacementSlot(name: "main", width: 136, lines: 2, fontSize: 15)], capacity: 3)
        case .androidOngoing:
            // 360 dp - 2 × 16 margins - 44 icon column - 16 end padding; the status-bar chip
            // holds at most 7 characters.
            PlacementBudget(placement: self, slots: [
                PlacementSlot(name: "title", width: 268, lines: 1, fontSize: 17),
                PlacementSlot(name: "text", width: 268, lines: 1, fontSize: 15),
                PlacementSlot(name: "chip", width: 60, lines: 1, fontSize: 15),
            ], capacity: 4)
        }
    }
}
