#if Studio
import LiveRules

/// One fixture of a pack as the studio shows it: its presentation (each field names the slot and
/// line it is drawn on), the fixture, and where it stands against its golden.
package struct StudioCase: Sendable, Encodable {
    /// `meetings/countdown-middle`: the case id `liverules review --filter` matches.
    package var id: String
    /// The fixture's path inside `fixtures/`, without `.json`.
    package var name: String
    /// Against the golden.
    package var status: GoldenStatus
    /// The fixture file as messages name it.
    package var fixtureFile: String
    /// The fixture's text, nil when it cannot be read.
    package var fixture: String?
    /// The golden file as messages name it.
    package var goldenFile: String
    /// The golden's text, nil when there is none.
    package var golden: String?
    /// The presentation's canonical JSON, nil when presenting failed.
    package var current: String?
    /// The presentation, nil when presenting failed.
    package var presentation: Presentation?
    /// The fixture's `now` (Unix seconds), nil when it could not be read: the moment the page's
    /// live fields read as the rules gave them, and tick on from.
    package var now: Double?
    /// Per placement, the width in points each shown field takes on its line (``FieldMeasure``):
    /// the box the page draws it in.
    package var measures: [Placement: [Double]]
    /// The field paths that changed from the golden (`layout.islandMinimal.fields[0].text: "12m" → "11m"`),
    /// or the problems of a failed case, compiler style.
    package var problems: [String]
    /// The unified diff from the golden to the current presentation, for a changed case.
    package var diff: String?
    /// What the output checks found (texts wider than their slot, repeated texts).
    package var findings: [String]
    /// The same content once its timing rule's stale date has passed, when it sets one: what
    /// the device shows of an update that is not followed by another in time.
    package var stale: StaleRendering?
}

/// A case presented at its stale date: the moment and what the surfaces show then.
package struct StaleRendering: Sendable, Encodable {
    /// The stale date the timing rule set (Unix seconds), at which this was presented.
    package var at: Double
    /// The presentation at `at`, with the previous phase the case's own; nil when presenting
    /// there failed.
    package var presentation: Presentation?
    /// Per placement, the width each shown field takes on its line.
    package var measures: [Placement: [Double]]
    /// Why presenting at `at` failed, compiler style; empty when it did not.
    package var problems: [String]
}

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
    /// Not a fixture: a state `liverules explore` generated that breaks a promise, shrunk (no
    /// golden; `liverules explore --write` writes it as a fixture).
    case explored

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
