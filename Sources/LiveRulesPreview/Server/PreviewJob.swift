#if Studio
import Foundation

/// What a running job of a ``PreviewLane`` checks between its steps: whether its client went
/// away, and whether it ran past its time. Safe to use from any thread.
final class PreviewJob: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var ending: String?
    private let started = ContinuousClock.now
    private let timeLimit: Duration?

    /// A job started now, stopping after `timeLimit` when one is given.
    init(timeLimit: Duration?) {
        self.timeLimit = timeLimit
    }

    /// Tells the job that its client went away.
    func cancel() {
        lock.withLock { cancelled = true }
    }

    /// Whether the job's client went away.
    var isCancelled: Bool {
        lock.withLock { cancelled }
    }

    /// What to report once the job has ended and given its place back (why it stopped early),
    /// set by its work; nil for nothing.
    var endingReport: String? {
        get { lock.withLock { ending } }
        set { lock.withLock { ending = newValue } }
    }

    /// Why the job should stop now (`the client went away`, `it ran for 60 s`), or nil to go on.
    var stopReason: String? {
        if isCancelled { return "the client went away" }
        if let timeLimit, ContinuousClock.now - started >= timeLimit {
            return "it ran for \(Int(timeLimit.inSeconds)) s, the most one may"
        }
        return nil
    }
}
#endif
