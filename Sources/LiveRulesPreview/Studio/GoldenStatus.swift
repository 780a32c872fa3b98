#if Studio
import LiveRules

/// Where a case stands against its golden, as the studio shows it.
package enum GoldenStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// The presentation is byte for byte the golden.
    case unchanged
    /// The presentation differs from the golden.
    case changed
    /// The fixture has no golden yet.
    case new
    /// The fixture could not be read or presented.
    case error

    /// The status of a golden run's outcome.
    init(_ outcome: GoldenOutcome) {
        switch outcome {
        case .passed: self = .unchanged
        case .changed: self = .changed
        case .missing: self = .new
        case .failed, .undecided: self = .error
        }
    }
}
#endif
