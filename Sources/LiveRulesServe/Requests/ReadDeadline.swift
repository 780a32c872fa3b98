#if Service
import Foundation

/// How long the server waits for a client that is sending a body: armed while it waits, disarmed
/// while the server itself is busy. Safe to use from any thread.
final class ReadDeadline: @unchecked Sendable {
    /// The longest wait.
    let timeout: Duration
    private let lock = NSLock()
    private var due: ContinuousClock.Instant?

    /// A disarmed deadline of `timeout`.
    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Starts a wait: the deadline is `timeout` from now.
    func arm() {
        lock.withLock { due = .now + timeout }
    }

    /// Ends a wait.
    func disarm() {
        lock.withLock { due = nil }
    }

    /// Returns once a wait has lasted `timeout`, or when the calling task is cancelled.
    func passed() async {
        while !Task.isCancelled {
            let due = lock.withLock { self.due } ?? .now + timeout
            try? await Task.sleep(until: due, clock: .continuous)
            if let armed = lock.withLock({ self.due }), armed <= .now { return }
        }
    }
}
#endif
