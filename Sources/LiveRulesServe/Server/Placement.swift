#if Service
import Foundation
import LiveRules
import Synchronization

/// Where `liverules serve` presents a request to `/present` or `/payload`. First where the
/// request arrived: on the task answering it, which runs on its connection's event loop, with
/// an idle presenter whose calls stop at ``deadline``; no thread is woken and none waits. The
/// presentation moves to a thread of Dispatch's pool, under the pack's own deadline, when every
/// presenter is busy (the loop must not wait for one), or when it overstayed ``deadline``: it is
/// run again from the start there (rules are pure, so that run is the first one finished), and
/// for ``pause`` after an overstay every presentation goes there at once. So a rule that runs
/// away holds a loop, and the connections and monitoring on it, for one short deadline, never
/// for its own. Safe to use from any thread.
final class Placement: Sendable {
    /// Why a presentation moved off the loop, counted in ``ServeMetrics``.
    enum Move: String, CaseIterable, Sendable {
        /// Every presenter was busy.
        case busy
        /// It overstayed ``Placement/deadline``.
        case overstayed
        /// An overstay shortly before: presentations are moved at once.
        case paused
    }

    /// The CPU time a presentation may take on the loop: about a hundred times what a pack
    /// presentation takes (0.3 ms for meetings), a small share of the 1.7 s serving deadline.
    static let deadline: Duration = .milliseconds(20)
    /// How long after an overstay presentations are moved at once.
    static let pause: Duration = .seconds(10)

    private let metrics: ServeMetrics
    /// Until when presentations are moved at once; nil when they are not.
    private let pausedUntil = Mutex<ContinuousClock.Instant?>(nil)

    /// A placement counting its moves in `metrics`.
    init(metrics: ServeMetrics) {
        self.metrics = metrics
    }

    /// `work`'s result, tried where the caller runs with ``PackRequests/Place/idle(deadline:)``
    /// and, when the attempt did not finish, done with ``PackRequests/Place/waiting`` on a
    /// Dispatch thread.
    func run<T: Sendable>(
        _ work: @escaping @Sendable (PackRequests.Place) throws(ServeError) -> PackVersion.Attempt<T>
    ) async throws(ServeError) -> T {
        let move: Move
        if isPaused {
            move = .paused
        } else {
            switch try work(.idle(deadline: Self.deadline)) {
            case .done(let result): return result
            case .busy: move = .busy
            case .overstayed:
                move = .overstayed
                pausedUntil.withLock { $0 = .now + Self.pause }
            }
        }
        metrics.moved(move)
        return try await Self.offloaded { () throws(ServeError) in
            guard case .done(let result) = try work(.waiting) else { preconditionFailure("a waiting attempt is always done") }
            return result
        }
    }

    /// Whether an overstay less than ``pause`` ago moves presentations at once.
    private var isPaused: Bool {
        pausedUntil.withLock { until in
            guard let end = until else { return false }
            if ContinuousClock.now < end { return true }
            until = nil
            return false
        }
    }

    /// `work`'s result, computed on a thread of Dispatch's pool, where it may wait for a presenter.
    private static func offloaded<T: Sendable>(_ work: @escaping @Sendable () throws(ServeError) -> T) async throws(ServeError) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, ServeError>, Never>) in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { () throws(ServeError) in try work() })
            }
        }
        return try result.get()
    }
}
#endif
