/// How one golden case ended.
public enum GoldenOutcome: Sendable, Hashable {
    /// The presentation is byte for byte the golden.
    case passed
    /// The presentation differs from the golden: both texts.
    case changed(expected: String, actual: String)
    /// The fixture has no golden yet: what it would hold.
    case missing(actual: String)
    /// The fixture could not be read or presented: the problems, compiler style.
    case failed([Diagnostic])

    public var isPassed: Bool { self == .passed }

    /// How reports head the case: `PASS`, `FAIL` (changed), `MISSING` (no golden), `ERROR`.
    public var label: String {
        switch self {
        case .passed: "PASS"
        case .changed: "FAIL"
        case .missing: "MISSING"
        case .failed: "ERROR"
        }
    }
}

/// A case, how it ended, and how long it took.
public struct GoldenResult: Sendable {
    public var testCase: GoldenCase
    public var outcome: GoldenOutcome
    public var seconds: Double

    public init(testCase: GoldenCase, outcome: GoldenOutcome, seconds: Double) {
        self.testCase = testCase
        self.outcome = outcome
        self.seconds = seconds
    }
}
