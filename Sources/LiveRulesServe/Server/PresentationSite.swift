#if Service
import Foundation
import LiveRules
import Synchronization

/// Where `liverules serve` presents a request to `/present` or `/payload`. First where the
/// request arrived: in its connection's pipeline (``DirectLane``), on its event loop, with
/// an idle presenter whose calls stop at ``deadline``; no thread is woken and none waits. The
/// presentation moves to a thread of Dispatch's pool, under the pack's own deadline, when every
/// presenter is busy (the loop must not wait for one), or when it overstayed ``deadline``: it is
/// run again from the start there (rules are pure, so that run is the first one finished), and
/// for ``pause`` after an overstay every presentation of that pack version goes there at once;
/// other packs, and a new version of the same pack, stay where they arrive. So a rule that runs
/// away holds a loop, and the connections and monitoring on it, for one short deadline, never
/// for its own. Safe to use from any thread.
package final class PresentationSite: Sendable {
    /// Why a presentation moved off the loop, counted in ``ServeMetrics``.
    package enum Move: String, Sendable {
        /// Every presenter was busy.
        case busy
        /// It overstayed ``PresentationSite/deadline``.
        case overstayed
        /// An overstay of the same pack version shortly before: moved at once.
        case paused
    }

    /// The pack version a presentation runs on: what a pause applies to.
    package struct Subject: Hashable, Sendable {
        /// The pack's name, the label of its moves in ``ServeMetrics``.
        package var pack: String
        /// The version's content hash.
        package var hash: String

        /// The version of `pack` whose content hash is `hash`.
        package init(pack: String, hash: String) {
            self.pack = pack
            self.hash = hash
        }

        /// `version`'s pack and hash.
        package init(_ version: PackVersion) {
            self.init(pack: version.name, hash: version.hash)
        }
    }

    /// How long after an overstay a version's presentations are moved at once, unless a
    /// site is made with another.
    package static let pause: Duration = .seconds(10)

    /// The CPU time a presentation may take on the loop (`--loop-deadline`, by default
    /// ``ServeLimits/loopDeadline``).
    package let deadline: Duration
    private let metrics: ServeMetrics
    private let pause: Duration
    /// Until when each version's presentations are moved at once; a version is left out once
    /// its pause has ended, so this is empty unless a rule overstayed in the last ``pause``.
    private let pausedUntil = Mutex<[Subject: ContinuousClock.Instant]>([:])

    /// A site presenting on the loop under `deadline`, counting its moves in `metrics`, pausing a
    /// version for `pause` after an overstay.
    package init(deadline: Duration, metrics: ServeMetrics, pause: Duration = PresentationSite.pause) {
        self.deadline = deadline
        self.metrics = metrics
        self.pause = pause
    }

    /// `work`'s result when it finished where the caller runs, tried there with
    /// ``PackRequests/Place/idle(deadline:)``; otherwise nil, and `work` is done again with
    /// ``PackRequests/Place/waiting`` on a thread of Dispatch's pool, where `moved` gets its result.
    /// Throws what the attempt where the caller runs threw.
    package func run<T: Sendable>(
        for subject: Subject, _ work: @escaping @Sendable (PackRequests.Place) throws(ServeError) -> PackVersion.Attempt<T>,
        moved: @escaping @Sendable (Result<T, ServeError>) -> Void
    ) throws(ServeError) -> T? {
        let move: Move
        if isPaused(subject) {
            move = .paused
        } else {
            switch try work(.idle(deadline: deadline)) {
            case .done(let result): return result
            case .busy: move = .busy
            case .overstayed:
                move = .overstayed
                pausedUntil.withLock { paused in
                    let now = ContinuousClock.now
                    paused = paused.filter { $0.value > now }
                    paused[subject] = now + pause
                }
            }
        }
        metrics.moved(subject.pack, move)
        DispatchQueue.global().async {
            moved(Result { () throws(ServeError) in
                guard case .done(let result) = try work(.waiting) else { preconditionFailure("a waiting attempt is always done") }
                return result
            })
        }
        return nil
    }

    /// Whether an overstay of `subject` less than ``pause`` ago moves its presentations at once.
    /// Reads no clock while no version is paused.
    private func isPaused(_ subject: Subject) -> Bool {
        pausedUntil.withLock { paused in
            guard !paused.isEmpty, let end = paused[subject] else { return false }
            if ContinuousClock.now < end { return true }
            paused[subject] = nil
            return false
        }
    }
}
#endif
