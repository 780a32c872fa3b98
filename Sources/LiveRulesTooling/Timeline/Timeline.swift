import Foundation
import LiveRules

/// One fixture presented at every step of a range of `now`, and at every moment between two
/// steps that its rules announce, kept only where the presentation changes, and of those the
/// moments a device needs a push, each to the second: what a push budget spends on the
/// activity, and when a backend sends each push.
///
/// A device draws the last push, its live fields kept current by its own clock; a moment needs
/// a push only when the rules present something the device cannot derive from them (see
/// ``PushReason``). The rules announce when their answers change by comparing `now` through
/// `time.reached`: the timeline presents each such moment at its second, as a backend pushing
/// at each ``NextUpdate`` would. Before each push it presents the second before as well: the
/// device must still draw the last push there. A change that came earlier than announced, or
/// with no announcement, is found to the second by halving the time since the moment before,
/// and is a ``TimelineUnannounced``: a backend following `nextUpdate` would push it late. At
/// every moment, each live field the device draws from the last push is compared with what the
/// rules give: a difference is a ``TimelineMismatch``, a wrong time on a phone.
///
/// Each moment presents the fixture's attributes and state, with the phase of the moment
/// presented before as `previousPhase` (none at the first step: the activity starts there), so
/// alerts on a phase change show where they would happen. Stepping stops early when
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
    /// The first moment and every moment whose presentation differs from the moment before, in
    /// order.
    package var moments: [TimelineMoment]
    /// How many steps of `range` were presented: all unless the timeline stopped early.
    package var presented: Int
    /// How many presentations the timeline made so far: its steps, the moments the rules
    /// announced between them, and the seconds presented to find where a change began.
    package var presentations: Int
    /// Why stepping stopped before the end of the range, or nil when every step was presented.
    package var stop: TimelineStop?

    /// Where a device would draw a live field otherwise than the rules give it, in order.
    package var mismatches: [TimelineMismatch]
    /// The pushes the rules did not announce when they were due, in order.
    package var unannounced: [TimelineUnannounced]

    /// The presentations that differ from the moment before: one per moment.
    package var updates: Int { moments.count }
    /// The pushes a device needs: the moments with a ``TimelineMoment/push`` reason.
    package var pushes: Int { moments.filter { !$0.push.isEmpty }.count }
    /// The updates that alert.
    package var alerts: Int { moments.filter(\.alerts).count }
    /// The steps of the range that were not presented.
    package var skipped: Int { range.count - presented }

    /// Steps `fixture` through `range` (checked with ``TimelineRange/problem`` first), presenting
    /// each moment with `present`, which also gives the soonest moment after it that the rules
    /// compared `now` with (``Presenter/presentNoting(_:)``). Before each step, `stopping` is
    /// asked with the timeline so far: a reason stops it there; nil goes on.
    package init(
        _ fixture: Fixture, range: TimelineRange,
        stopping: (Timeline) -> String? = { _ in nil },
        present: (Fixture) throws(PresentationError) -> (presentation: Presentation, soonest: Double?)
    ) {
        self.fixture = fixture.file
        self.range = range
        moments = []
        mismatches = []
        unannounced = []
        presented = 0
        presentations = 0
        var made = 0
        let counting: TimelineWalk.Present = { fixture throws(PresentationError) in
            made += 1
            return try present(fixture)
        }
        var walk = TimelineWalk(fixture: fixture)
        var failuresInARow = 0
        for index in 0..<range.count {
            presentations = made
            if failuresInARow == Self.failuresBeforeStopping {
                stop = .failing
                return
            }
            if let reason = stopping(self) {
                stop = .stopped(reason)
                return
            }
            let moment = range.moment(index)
            while let announced = walk.announced, announced < moment {
                visit(announced, announced: true, walk: &walk, present: counting)
            }
            let failed = visit(moment, announced: walk.announced == moment, walk: &walk, present: counting)
            presented += 1
            failuresInARow = failed ? failuresInARow + 1 : 0
        }
        presentations = made
    }

    /// Presents `moment` and records it; first, when it needs a push, finds where the change
    /// began (see the type's discussion). Returns whether presenting it failed.
    @discardableResult
    private mutating func visit(_ moment: Double, announced: Bool, walk: inout TimelineWalk, present: TimelineWalk.Present) -> Bool {
        let step = walk.present(at: moment, with: present)
        guard case .success(let presentation) = step.outcome, let pushed = walk.pushed else {
            let started = (try? step.outcome.get()) != nil
            record(moment, step, push: started ? [.start] : [], walk: &walk)
            return !started
        }
        let push = PushReason.reasons(from: pushed, to: presentation)
        guard !push.isEmpty else {
            mismatches += TimelineMismatch.readings(of: pushed, against: presentation, at: moment)
            record(moment, step, push: [], walk: &walk)
            return false
        }
        if let last = walk.at, moment - 1 > last {
            // The second before: the device still draws the last push there, or the change began earlier.
            let before = walk.present(at: moment - 1, with: present)
            if case .success(let earlier) = before.outcome, PushReason.reasons(from: pushed, to: earlier).isEmpty {
                mismatches += TimelineMismatch.readings(of: pushed, against: earlier, at: moment - 1)
            } else {
                let (at, found) = walk.firstChange(after: last, upTo: moment - 1, found: before, with: present)
                let reasons = (try? found.outcome.get()).map { PushReason.reasons(from: pushed, to: $0) } ?? []
                unannounced.append(TimelineUnannounced(now: at, push: reasons, announced: walk.announced))
                record(at, found, push: reasons, walk: &walk)
                return visit(moment, announced: false, walk: &walk, present: present)
            }
        }
        if !announced { unannounced.append(TimelineUnannounced(now: moment, push: push, announced: walk.announced)) }
        record(moment, step, push: push, walk: &walk)
        return false
    }

    /// Records `moment`, presented as `step`, when it changed or needs a push, and moves the
    /// walk on to it.
    private mutating func record(_ moment: Double, _ step: TimelineWalk.Step, push: [PushReason], walk: inout TimelineWalk) {
        let changes = TimelineChange.between(walk.previous, step.outcome)
        if !changes.isEmpty || !push.isEmpty {
            moments.append(TimelineMoment(now: moment, outcome: step.outcome, changes: changes, push: push))
        }
        walk.move(to: moment, step, pushed: !push.isEmpty)
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
    /// The caller stopped it, saying why (its client went away, it made its most presentations).
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

    /// Where a device showing `pushed` draws a live field at `now` otherwise than `current`, what
    /// the rules present then, gives it: each field whose live form is the same in both.
    package static func readings(of pushed: Presentation, against current: Presentation, at now: Double) -> [TimelineMismatch] {
        let moment = Date(timeIntervalSince1970: now)
        return Placement.allCases.flatMap { placement in
            (current.layout[placement]?.fields ?? []).compactMap { field -> TimelineMismatch? in
                guard let live = field.live, pushed.layout[placement]?.fields.contains(where: { $0.id == field.id && $0.live == live }) == true
                else { return nil }
                let drawn = live.reading(at: moment)
                return drawn == field.text ? nil : TimelineMismatch(now: now, placement: placement, field: field.id, device: drawn, rules: field.text)
            }
        }
    }

    /// `2026-03-02T09:16:00Z lockScreen.countdown: the device draws "in 13:59", the rules give "in 14:00"`.
    package var description: String {
        "\(Timeline.time(now)) \(placement.rawValue).\(field): the device draws \"\(device)\", the rules give \"\(rules)\""
    }
}

// MARK: - TimelineUnannounced

/// A moment of a ``Timeline`` that needs a push the rules did not announce: no `time.reached`
/// comparison said their answer changes then, so a backend pushing at each ``NextUpdate``
/// would push it late, at the next moment announced (or never).
package struct TimelineUnannounced: Sendable, Hashable, CustomStringConvertible {
    /// When the push is needed, to the second.
    package var now: Double
    /// Why; empty when presenting starts failing there.
    package var push: [PushReason]
    /// The soonest moment the rules of the moment before compared `now` with, if any: where a
    /// backend following `nextUpdate` would look next.
    package var announced: Double?

    /// `2026-03-02T10:45:00Z: a push is needed (runningLate gone) that the rules did not
    /// announce (the next moment they compared now with: 2026-03-02T11:00:00Z); compare now
    /// with dates through time.reached`.
    package var description: String {
        let why = push.isEmpty ? "the rules start failing" : "a push is needed (\(push.map(\.description).joined(separator: ", ")))"
        let next = announced.map { "the next moment they compared now with: \(Timeline.time($0))" } ?? "they compared now with no later moment"
        return "\(Timeline.time(now)): \(why) that the rules did not announce (\(next)); compare now with dates through time.reached"
    }
}
