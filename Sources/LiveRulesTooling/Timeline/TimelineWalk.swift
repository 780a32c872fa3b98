import LiveRules

/// Where a ``Timeline`` stands while it walks a range: the moment presented last, its outcome,
/// the moment its rules announced next, and the presentation last pushed.
struct TimelineWalk {
    /// One moment presented: its outcome and the soonest moment its rules compared `now` with.
    struct Step {
        var outcome: Result<Presentation, TimelineFailure>
        var soonest: Double?
    }

    /// Presents a fixture and gives the soonest moment its rules compared `now` with.
    typealias Present = (Fixture) throws(PresentationError) -> (presentation: Presentation, soonest: Double?)

    private let fixture: Fixture
    /// The moment presented last, and its outcome.
    private(set) var at: Double?
    private(set) var previous: Result<Presentation, TimelineFailure>?
    /// The first whole second at which an answer of the last moment's rules changes.
    private(set) var announced: Double?
    /// What the device shows: the presentation last pushed.
    private(set) var pushed: Presentation?

    init(fixture: Fixture) {
        self.fixture = fixture
    }

    /// The fixture presented at `moment` with `presenting`, after the moment presented last.
    func present(at moment: Double, with presenting: Present) -> Step {
        var step = fixture
        step.now = moment
        step.previousPhase = (try? previous?.get())?.phase
        do {
            let (presentation, soonest) = try presenting(step)
            return Step(outcome: .success(presentation), soonest: soonest)
        } catch {
            return Step(outcome: .failure(TimelineFailure(diagnostics: error.diagnostics(inputFile: fixture.file))), soonest: nil)
        }
    }

    /// The first second after `start` (where the last push still holds) up to `end` (presented
    /// as `found`, where it no longer does) at which presenting fails or needs a push, by
    /// halving: a change that comes and goes between two presented moments is not seen.
    func firstChange(after start: Double, upTo end: Double, found: Step, with presenting: Present) -> (Double, Step) {
        var (low, high, atHigh) = (start, end, found)
        while high - low > 1 {
            let middle = (low + (high - low) / 2).rounded(.down)
            guard middle > low, middle < high else { break }
            let step = present(at: middle, with: presenting)
            if case .success(let presentation) = step.outcome, let pushed, PushReason.reasons(from: pushed, to: presentation).isEmpty {
                low = middle
            } else {
                (high, atHigh) = (middle, step)
            }
        }
        return (high, atHigh)
    }

    /// Moves on to `moment`, presented as `step`; `pushed` when the device was pushed it.
    mutating func move(to moment: Double, _ step: Step, pushed: Bool) {
        at = moment
        previous = step.outcome
        announced = step.soonest.map { $0.rounded(.up) }
        if pushed, case .success(let presentation) = step.outcome { self.pushed = presentation }
    }
}
