import LiveRules

/// A step of a ``Timeline`` where a device, drawing a live field from the last push, would show
/// something else than the rules give at that step: a wrong time on a phone.
package struct TimelineMismatch: Sendable, Hashable, CustomStringConvertible {
    /// When, in Unix seconds.
    package var now: Double
    /// Where.
    package var placement: Placement
    /// The field.
    package var field: String
    /// What the device draws from the live form it was pushed.
    package var device: String
    /// What the rules give.
    package var rules: String

    /// `2026-03-02T09:16:00Z lockScreen.countdown: the device draws "in 13:59", the rules give "in 14:00"`.
    package var description: String {
        "\(Timeline.time(now)) \(placement.rawValue).\(field): the device draws \"\(device)\", the rules give \"\(rules)\""
    }
}
