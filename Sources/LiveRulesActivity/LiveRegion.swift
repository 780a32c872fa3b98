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
