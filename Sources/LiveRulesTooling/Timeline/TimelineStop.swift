/// Why a ``Timeline`` stopped before the end of its range.
package enum TimelineStop: Sendable, Hashable, CustomStringConvertible {
    /// ``Timeline/failuresBeforeStopping`` steps in a row failed: rules that fail at every step
    /// would otherwise spend their whole budget at each step of the range.
    case failing
    /// The caller stopped it, saying why (its client went away, its time ran out).
    case stopped(String)

    /// `20 steps in a row failed`, or the caller's reason.
    package var description: String {
        switch self {
        case .failing: "\(Timeline.failuresBeforeStopping) steps in a row failed"
        case .stopped(let reason): reason
        }
    }
}
