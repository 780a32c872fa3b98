#if Studio || Service
import NIOCore

/// A task executor that runs its jobs on one NIO event loop: a task preferring it (with
/// `withTaskExecutorPreference`) runs where its connection's reads and writes happen, so
/// answering a request wakes no other thread. A job enqueued from the loop itself runs in the
/// loop's next turn.
final class LoopExecutor: TaskExecutor {
    let loop: any EventLoop

    /// The executor of `loop`.
    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
#endif
