/// Where an activity shows: the placements a presentation lists fields for.
///
/// Open: an id a later backend adds decodes as itself and is kept; an app simply never asks
/// for it. Encodes as its raw string.
public struct LivePlacement: RawRepresentable, Codable, Hashable, Sendable {
    /// The placement as the wire spells it.
    public let rawValue: String

    /// The placement spelled `rawValue`, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The lock screen card, and the banner on devices without a Dynamic Island.
    public static let lockScreen = LivePlacement(rawValue: "lockScreen")
    /// The Dynamic Island's compact presentation, left of the camera.
    public static let islandCompactLeading = LivePlacement(rawValue: "islandCompactLeading")
    /// The Dynamic Island's compact presentation, right of the camera.
    public static let islandCompactTrailing = LivePlacement(rawValue: "islandCompactTrailing")
    /// The Dynamic Island's minimal presentation, shown when several activities run.
    public static let islandMinimal = LivePlacement(rawValue: "islandMinimal")
    /// The Dynamic Island expanded on a long press.
    public static let islandExpanded = LivePlacement(rawValue: "islandExpanded")
    /// StandBy: the lock screen layout drawn at about 2×.
    public static let standBy = LivePlacement(rawValue: "standBy")
    /// The Apple Watch Smart Stack.
    public static let watchSmartStack = LivePlacement(rawValue: "watchSmartStack")
    /// Android's promoted ongoing notification and its status-bar chip.
    public static let androidOngoing = LivePlacement(rawValue: "androidOngoing")

    /// The placements wire form version 1 names, in the order the backend lists them.
    public static let known: [LivePlacement] = [
        .lockScreen, .islandCompactLeading, .islandCompactTrailing, .islandMinimal, .islandExpanded,
        .standBy, .watchSmartStack, .androidOngoing,
    ]
}

// MARK: - LiveRegion

/// Where a placement draws a field: a region of it (a slot: `"title"` and `"body"` on the lock
/// screen, `"leading"`, `"trailing"`, `"center"` and `"bottom"` in the expanded island, …) and a
/// line of that region, 1 for its first. Fields on one line follow one another on it.
///
/// The wire spells it `"slot:line"` (`"body:2"`); anything else reads as no region.
public struct LiveRegion: Hashable, Sendable {
    /// The region's name, as the placement's budget names its slots.
    public let slot: String
    /// The line of the region, from 1.
    public let line: Int

    /// The region `slot`, line `line`.
    public init(slot: String, line: Int) {
        self.slot = slot
        self.line = line
    }

    /// The region `"slot:line"` spells, or nil when it spells none: a name, a colon and a line
    /// from 1.
    init?(spelling: String) {
        let parts = spelling.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, let line = Int(parts[1]), line >= 1 else { return nil }
        self.init(slot: String(parts[0]), line: line)
    }

    /// `"slot:line"`.
    var spelling: String { "\(slot):\(line)" }
}
