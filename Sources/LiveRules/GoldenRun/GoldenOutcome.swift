/// How one golden case ended.
package enum GoldenOutcome: Sendable, Hashable {
    /// The presentation is byte for byte the golden.
    case passed
    /// The presentation differs from the golden: both texts.
    case changed(expected: String, actual: String)
    /// The fixture has no golden yet: what it would hold.
    case missing(actual: String)
    /// The fixture could not be read or presented: the problems, compiler style.
    case failed([Diagnostic])
    /// The presentation was stopped by the deadline before any counted budget ran out: no
    /// verdict on the rules, since another machine may end it otherwise (the problem).
    case undecided([Diagnostic])

    package var isPassed: Bool { self == .passed }

    /// Whether the case could not be presented at all (a JUnit error), rather than presented
    /// differently from its golden (a failure).
    package var isError: Bool { problems != nil }

    /// The problems of a case that could not be presented (failed or undecided); nil otherwise.
    package var problems: [Diagnostic]? {
        switch self {
        case .failed(let diagnostics), .undecided(let diagnostics): diagnostics
        case .passed, .changed, .missing: nil
        }
    }

    /// How reports head the case: `PASS`, `FAIL` (changed), `MISSING` (no golden), `ERROR`,
    /// `UNDECIDED` (the deadline stopped it).
    package var label: String {
        switch self {
        case .passed: "PASS"
        case .changed: "FAIL"
        case .missing: "MISSING"
        case .failed: "ERROR"
        case .undecided: "UNDECIDED"
        }
    }
}

/// A case, how it ended, and how long it took.
package struct GoldenResult: Sendable {
    package var testCase: GoldenCase
    package var outcome: GoldenOutcome
    package var seconds: Double
    /// For a changed case, where each changed field path was produced: `file:line (stage rule)`
    /// (``GoldenRunner/origins(of:pack:expected:actual:explainers:)``).
    package var origins: [String: String]

    package init(testCase: GoldenCase, outcome: GoldenOutcome, seconds: Double, origins: [String: String] = [:]) {
        self.testCase = testCase
        self.outcome = outcome
        self.seconds = seconds
        self.origins = origins
    }
}

extension GoldenResult {
    /// What went wrong, as raw lines without a diff: the field paths that changed (each followed,
    /// when known, by `↳ file:line (stage rule)`, the rule line that produced it), the new or
    /// missing golden, or the problems; empty when the case passed.
    package var problems: [String] {
        switch outcome {
        case .passed:
            return []
        case .missing:
            return ["no golden \(testCase.goldenPath) (run `liverules test --record` to write it)"]
        case .failed(let diagnostics), .undecided(let diagnostics):
            return diagnostics.map(\.description)
        case .changed(let expected, _):
            if expected.isEmpty { return ["new golden \(testCase.goldenPath)"] }
            guard let changes = fieldChanges else { return ["\(testCase.goldenPath) is not valid JSON"] }
            return changes.flatMap { change in
                [change.description] + (origins[change.path].map { ["↳ \($0)"] } ?? [])
            }
        }
    }

    /// The fields that changed from the golden to the actual output, in document order; empty
    /// unless the case changed, nil when either side is not valid JSON.
    package var fieldChanges: [FieldChange]? {
        guard case .changed(let expected, let actual) = outcome, !expected.isEmpty else { return [] }
        guard let old = try? JSONParser.parse(expected).value, let new = try? JSONParser.parse(actual).value else { return nil }
        return FieldChange.between(old, new)
    }
}

// MARK: - Grouped by problem

extension Array where Element == GoldenResult {
    /// The failed results, those that could not be presented for the same problems together
    /// (one mistake in a rule fails every fixture it runs for alike), in the order of each
    /// group's first result; every other failure alone.
    package func groupedByProblem() -> [[GoldenResult]] {
        var groups: [[GoldenResult]] = []
        var errors: [[Diagnostic]: Int] = [:]
        for result in self where !result.outcome.isPassed {
            guard let diagnostics = result.outcome.problems else {
                groups.append([result])
                continue
            }
            if let index = errors[diagnostics] {
                groups[index].append(result)
            } else {
                errors[diagnostics] = groups.count
                groups.append([result])
            }
        }
        return groups
    }
}
