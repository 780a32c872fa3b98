#if Studio
import Foundation
import LiveRulesHTTP

/// One kind of the studio's expensive work (stepping through a timeline, deciding a golden,
/// encoding the studio's data): at most `width` jobs at once, each on a thread of its own, so
/// the threads that answer requests (NIO's event loops, Swift's cooperative pool) never wait
/// on rules or files and the page stays served while jobs run. A job asked for while `width`
/// run is refused at once with ``StudioError/Kind/busy``. Safe to use from any thread.
final class PreviewLane: Sendable {
    /// The places of the jobs.
    private let places: Places
    /// What a refusal says.
    private let busy: String

    /// A lane of `width` places whose refusals say `busy`.
    init(width: Int, busy: String) {
        places = Places(width: width)
        self.busy = busy
    }

    /// Takes a place, or throws ``StudioError/Kind/busy`` when none is free; ``leave()`` gives
    /// it back.
    func enter() throws(StudioError) {
        guard places.take() else { throw StudioError(.busy, busy) }
    }

    /// Gives back a place taken by ``enter()``.
    func leave() {
        places.give()
    }

    /// `work`'s result, computed on a new thread holding a place (refused with
    /// ``StudioError/Kind/busy`` when none is free). Cancelling the calling task (its client
    /// went away) cancels the ``PreviewJob``, whose work checks ``PreviewJob/stopReason`` between
    /// steps; this returns once the work has, and the place is free again. The job's
    /// ``PreviewJob/endingReport``, if its work set one, goes to `report` only then, so whoever
    /// reads it finds the place free.
    func run<T: Sendable>(
        report: @escaping @Sendable (String) -> Void = { _ in },
        _ work: @escaping @Sendable (PreviewJob) throws(StudioError) -> T
    ) async throws(StudioError) -> T {
        try enter()
        let job = PreviewJob()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, StudioError>, Never>) in
                Thread.detachNewThread {
                    let result = Result { () throws(StudioError) in try work(job) }
                    self.leave()
                    if let line = job.endingReport { report(line) }
                    continuation.resume(returning: result)
                }
            }
        } onCancel: {
            job.cancel()
        }
        return try result.get()
    }
}
#endif
