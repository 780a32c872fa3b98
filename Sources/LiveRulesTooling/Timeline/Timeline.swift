import LiveRules

/// One fixture presented at every step of a range of `now`, kept only where the presentation
/// changes: what a push budget spends on the activity.
///
/// Each step presents the fixture's attributes and state at its moment, with the previous step's
/// phase as `previousPhase` (none at the first step: the activity starts there), so alerts on a
/// phase change show where they would happen.
package struct Timeline: Sendable {
    /// How messages name the fixture.
    package var fixture: String
    /// The moments stepped through.
    package var range: TimelineRange
    /// The first moment and every moment whose presentation differs from the step before, in
    /// order.
    package var moments: [TimelineMoment]

    /// The updates a push budget spends: one per moment.
    package var updates: Int { moments.count }
    /// The updates that alert.
    package var alerts: Int { moments.filter(\.alerts).count }

    /// Steps `fixture` through `range` (checked with ``TimelineRange/problem`` first), presenting
    /// each step with `present`.
    package init(
        _ fixture: Fixture, range: TimelineRange,
        present: (Fixture) throws(PresentationError) -> Presentation
    ) {
        self.fixture = fixture.file
        self.range = range
        moments = []
        var previous: Result<Presentation, TimelineFailure>?
        for index in 0..<range.count {
            var step = fixture
            step.now = range.moment(index)
            step.previousPhase = (try? previous?.get())?.phase
            let outcome: Result<Presentation, TimelineFailure>
            do {
                outcome = .success(try present(step))
            } catch {
                outcome = .failure(TimelineFailure(diagnostics: error.diagnostics(inputFile: fixture.file)))
            }
            let changes = TimelineChange.between(previous, outcome)
            if !changes.isEmpty { moments.append(TimelineMoment(now: step.now, outcome: outcome, changes: changes)) }
            previous = outcome
        }
    }
}
