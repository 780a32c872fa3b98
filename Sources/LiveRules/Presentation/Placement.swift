/// Where a live activity shows (see `domain/placements.md` for their sizes and budgets).
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
