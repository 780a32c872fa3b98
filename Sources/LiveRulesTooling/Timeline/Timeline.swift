import LiveRules

/// One fixture presented at every step of a range of `now`, kept only where the presentation
/// changes, and of those the moments a device needs a push: what a push budget spends on the
/// activity.
///
/// A device draws the last push, its live fields kept current by its own clock; a step needs a
/// push only when the rules present something the device cannot derive from them (see
/// ``PushReason``). At every step, each live field the device draws from the last push is
/// compared with what the rules give: a difference is a ``TimelineMismatch``, a wrong time on a
/// phone.
///
/// Each step presents the fixture's attributes and state at its moment, with the previous step's
/// phase as `previousPhase` (none at the first step: the activity starts there), so alerts on a
/// phase change show where they would happen. Stepping stops early when
/// ``failuresBeforeStopping`` steps in a row fail, or when the caller says so.
package struct Timeline: Sendable {
    /// How many steps in a row may fail before the timeline stops: past that, the rules fail at
    /// every step, and presenting the rest of the range (each step up to its whole budget) would
    /// only repeat the error.
    package static let failuresBeforeStopping = 20

    /// How messages name the fixture.
    package var fixture: String
    /// The moments stepped through.
    package var range: TimelineRange
    /// The first moment and every moment whose presentation differs from the step before, in
    /// order.
    package var moments: [TimelineMoment]
    /// How many steps were presented: all of `range` unless the timeline stopped early.
    package var presented: Int
    /// Why stepping stopped before the end of the range, or nil when every step was presented.
    package var stop: TimelineStop?

    /// Where a device would draw a live field otherwise than the rules give it, in order.
    package var mismatches: [TimelineMismatch]

    /// The presentations that differ from the step before: one per moment.
    package var updates: Int { moments.count }
    /// The pushes a device needs: the moments with a ``TimelineMoment/push`` reason.
    package var pushes: Int { moments.filter { !$0.push.isEmpty }.count }
    /// The updates that alert.
    package var alerts: Int { moments.filter(\.alerts).count }
    /// The steps of the range that were not presented.
    package var skipped: Int { range.count - presented }

    /// Steps `fixture` through `range` (checked with ``TimelineRange/problem`` first), presenting
    /// each step with `present`. Before each step, `stopping` is asked with the timeline so far:
    /// a reason stops it there; nil goes on.
    package init(
        _ fixture: Fixture, range: TimelineRange,
        stopping: (Timeline) -> String? = { _ in nil },
        present: (Fixture) throws(PresentationError) -> Presentation
    ) {
        self.fixture = fixture.file
        self.range = range
        moments = []
        mismatches = []
        presented = 0
        var previous: Result<Presentation, TimelineFailure>?
        var pushed: Presentation?
        var failuresInARow = 0
        for index in 0..<range.count {
            if failuresInARow == Self.failuresBeforeStopping {
                stop = .failing
                return
            }
            if let reason = stopping(self) {
                stop = .stopped(reason)
                return
            }
            var step = fixture
            step.now = range.moment(index)
            step.previousPhase = (try? previous?.get())?.phase
            let outcome: Result<Presentation, TimelineFailure>
            do {
                outcome = .success(try present(step))
                failuresInARow = 0
            } catch {
                outcome = .failure(TimelineFailure(diagnostics: error.diagnostics(inputFile: fixture.file)))
                failuresInARow += 1
            }
            presented += 1
            let changes = TimelineChange.between(previous, outcome)
            var push: [PushReason] = []
            if case .success(let presentation) = outcome {
                if let pushed {
                    let (reasons, wrong) = PushReason.reasons(from: pushed, to: presentation, at: step.now)
                    push = reasons
                    mismatches += wrong
                } else {
                    push = [.start]
                }
                if !push.isEmpty { pushed = presentation }
            }
            if !changes.isEmpty || !push.isEmpty {
                moments.append(TimelineMoment(now: step.now, outcome: outcome, changes: changes, push: push))
            }
            previous = outcome
        }
    }
}

// MARK: - TimelineMoment

/// A moment of a ``Timeline`` where the presentation changed: what it is from then on, and what
/// changed since the moment before.
package struct TimelineMoment: Sendable, Hashable {
    /// When, in Unix seconds.
    package var now: Double
    /// The presentation from this moment on, or the problems when presenting failed.
    package var outcome: Result<Presentation, TimelineFailure>
    /// What differs from the previous moment; every aspect at the first moment.
    package var changes: [TimelineChange]
    /// Why a device needs a push here; empty when it draws this moment from the live fields of
    /// the last push (or presenting failed).
    package var push: [PushReason]

    /// Whether this update alerts.
    package var alerts: Bool {
        if case .success(let presentation) = outcome { presentation.relevance.alert } else { false }
    }
}

// MARK: - TimelineFailure

/// Why a moment has no presentation: the problems, compiler style.
package struct TimelineFailure: Error, Sendable, Hashable {
    /// The problems, as `path:line:col: error: message`.
    package var diagnostics: [Diagnostic]
}

// MARK: - TimelineStop

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

// MARK: - TimelineMismatch

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
