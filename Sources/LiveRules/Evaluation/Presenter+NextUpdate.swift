import Foundation

extension Presenter {
    /// The most moments ``presentWithNextUpdate(_:)`` presents at while looking for a change:
    /// past them it answers a ``NextUpdate/recheck``.
    public static let nextUpdateTries = 32

    /// Presents `fixture` and finds when its presentation next needs a push with the same
    /// attributes and state: the soonest moment after `now` that the rules compared `now` with
    /// (`time.reached`) at which the presentation changes in a way the device cannot derive
    /// (``PushReason/reasons(from:to:)``), presented with this presentation's phase as
    /// `previousPhase`; nil when no compared moment lies ahead. A moment where nothing changes
    /// is passed over for the soonest moment its own presentation compared, and so on.
    ///
    /// It costs a presentation per moment presented: one when the soonest moment changes
    /// something, as it does in rules that compare `now` only where an answer depends on it.
    public func presentWithNextUpdate(_ fixture: Fixture) throws(PresentationError) -> (presentation: Presentation, nextUpdate: NextUpdate?) {
        let presentation = try present(fixture)
        let next = nextUpdate(after: presentation, now: fixture.now) { at throws(PresentationError) in
            var later = fixture
            later.now = at
            later.previousPhase = presentation.phase
            return try present(later)
        }
        return (presentation, next)
    }

    /// Presents the app's own typed attributes and content state at `now`, as
    /// ``present(attributes:state:now:previousPhase:)`` does, and finds their next update as
    /// ``presentWithNextUpdate(_:)`` does.
    public func presentWithNextUpdate<Attributes: Encodable, State: Encodable>(
        attributes: Attributes, state: State, now: Date, previousPhase: String? = nil
    ) throws(PresentationError) -> (presentation: Presentation, nextUpdate: NextUpdate?) {
        let presentation = try present(attributes: attributes, state: state, now: now, previousPhase: previousPhase)
        let next = nextUpdate(after: presentation, now: now.timeIntervalSince1970) { at throws(PresentationError) in
            try present(attributes: attributes, state: state, now: Date(timeIntervalSince1970: at), previousPhase: presentation.phase)
        }
        return (presentation, next)
    }

    /// The next update after `presentation`, presented at `now` just before: `presentAt` presents
    /// the same inputs at a later moment.
    private func nextUpdate(
        after presentation: Presentation, now: Double, presentAt: (Double) throws(PresentationError) -> Presentation
    ) -> NextUpdate? {
        var noted = soonestNoted()
        var at = now
        for _ in 0..<Self.nextUpdateTries {
            // A moment past the dates a presentation may carry is none ahead (a rule may compare
            // `now` with 1e300).
            guard let moment = noted, moment <= OutputLimits.maximumSeconds else { return nil }
            // The first whole second at which the moment has come.
            at = moment.rounded(.up)
            do {
                let later = try presentAt(at)
                let reasons = PushReason.reasons(from: presentation, to: later)
                if !reasons.isEmpty { return NextUpdate(at: Date(timeIntervalSince1970: at), reasons: reasons) }
            } catch {
                return NextUpdate(at: Date(timeIntervalSince1970: at), reasons: [], failing: true)
            }
            noted = soonestNoted()
        }
        return NextUpdate(at: Date(timeIntervalSince1970: at), reasons: [], recheck: true)
    }

    /// Presents `fixture` and returns the soonest moment after its `now` that the rules compared
    /// `now` with (`time.reached`), or nil: until then, their answers hold.
    package func presentNoting(_ fixture: Fixture) throws(PresentationError) -> (presentation: Presentation, soonest: Double?) {
        let presentation = try present(fixture)
        return (presentation, soonestNoted())
    }

    /// The soonest moment the last presentation's rules compared `now` with, or nil.
    private func soonestNoted() -> Double? {
        (try? lua.call(soonest, returning: Double?.self)) ?? nil
    }
}
