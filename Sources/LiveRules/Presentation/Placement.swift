/// Where a live activity shows (see `domain/placements.md` for their sizes and budgets).
/// As a dictionary key it encodes as its raw value, so `[Placement: …]` is a JSON object.
public enum Placement: String, CaseIterable, Sendable, Hashable, Codable, CodingKeyRepresentable {
    case lockScreen
    case islandCompactLeading
    case islandCompactTrailing
    case islandMinimal
    case islandExpanded
    case standBy
    case watchSmartStack
    case androidOngoing
}
