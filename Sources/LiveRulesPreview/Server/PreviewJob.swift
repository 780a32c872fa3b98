#if Studio
import Foundation

/// What a running job of a ``PreviewLane`` checks between its steps: whether its client went
/// away. Safe to use from any thread.
final class PreviewJob: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var ending: String?

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

    /// Why the job should stop now (`the client went away`), or nil to go on.
    var stopReason: String? {
        isCancelled ? "the client went away" : nil
    }
}
#endif
