import LiveRules

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
