/// Where a live activity shows (see `domain/placements.md` for their sizes and budgets).
public enum Placement: String, CaseIterable, Sendable, Hashable, Codable {
    case lockScreen
    case islandCompactLeading
    case islandCompactTrailing
    case islandMinimal
    case islandExpanded
    case standBy
    case watchSmartStack
    case androidOngoing
}
