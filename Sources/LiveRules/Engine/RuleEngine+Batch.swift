import Foundation

extension RuleEngine {
    /// Runs `work` on every input `next` yields, on `workers` threads each with its own presenter
    /// of pack `name`'s active version (the engine makes up to ``statesPerVersion``), and hands
    /// the outputs to `deliver` in the inputs' order on the calling thread, each chunk as soon as
    /// it and those before it are done.
    ///
    /// `next` is called on a reader thread of its own for the next chunk of inputs (nil at the
    /// end), as many as it has at hand: a stream is processed as it arrives, and a reader that
    /// waits for input never holds back outputs already made. At most `4 × workers` chunks are
    /// in flight (the reader waits for room), so memory does not grow with the stream's length. The whole batch runs on
    /// the version active when it starts. Throws ``PresentationError/unknownPack(name:known:)``
    /// when no version of `name` is active, or when a presenter cannot be set up.
    public func presentBatch<Input: Sendable, Output: Sendable>(
        _ name: String, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        next: @escaping @Sendable () -> [Input]?,
        work: @escaping @Sendable (Input, Presenter) -> Output,
        deliver: ([Output]) -> Void
    ) throws(PresentationError) {
        guard let version = version(named: name) else { throw .unknownPack(name: name, known: packNames) }
        try presentBatch(on: version, workers: workers, next: next, work: work, deliver: deliver)
    }

    /// Runs a batch as ``presentBatch(_:workers:next:work:deliver:)`` does, on `version`
    /// whatever is activated meanwhile: a host that has read the version's settings for the
    /// batch presents every input on that same version. Throws when a presenter cannot be set up.
    public func presentBatch<Input: Sendable, Output: Sendable>(
        on version: PackVersion, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        next: @escaping @Sendable () -> [Input]?,
        work: @escaping @Sendable (Input, Presenter) -> Output,
        deliver: ([Output]) -> Void
    ) throws(PresentationError) {
        let workers = max(1, workers)
        let pipeline = BatchPipeline<Input, Output>(window: 4 * workers)
        let failure = BatchFailure()
        let finished = DispatchGroup()
        for index in 0..<workers {
            finished.enter()
            let thread = Thread {
                defer { finished.leave() }
                while let (sequence, inputs) = pipeline.take() {
                    do throws(PresentationError) {
                        let outputs = try version.pool.withPresenter { presenter throws(PresentationError) in
                            inputs.map { work($0, presenter) }
                        }
                        pipeline.complete(sequence, outputs)
                    } catch {
                        failure.record(error)
                        pipeline.complete(sequence, [])
                    }
                }
            }
            thread.name = "liverules-batch-\(index + 1)"
            thread.start()
        }
        finished.enter()
        Thread {
            defer { finished.leave() }
            while failure.error == nil, let inputs = next() { pipeline.submit(inputs) }
            pipeline.close()
        }.start()
        while let outputs = pipeline.nextDone() { deliver(outputs) }
        finished.wait()
        if let error = failure.error { throw error }
    }
}

/// The first presenter set-up failure of a batch, seen by every thread.
private final class BatchFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var first: PresentationError?

    var error: PresentationError? { lock.withLock { first } }

    func record(_ error: PresentationError) {
        lock.withLock { if first == nil { first = error } }
    }
}
