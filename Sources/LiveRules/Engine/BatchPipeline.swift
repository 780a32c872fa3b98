import Foundation

/// Chunks of work passed from a reader thread to worker threads and their results passed back
/// in order: the engine of ``RuleEngine/presentBatch(_:workers:next:work:deliver:)``. At most
/// `window` chunks are queued, being worked on or done but not yet delivered: the reader waits
/// for room, so memory stays bounded whatever the input's length.
final class BatchPipeline<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let window: Int
    private var queued: [(sequence: Int, inputs: [Input])] = []
    private var done: [Int: [Output]] = [:]
    private var closed = false
    private var submitted = 0
    private var delivered = 0

    init(window: Int) {
        self.window = max(1, window)
    }

    /// Queues a chunk (the reader), first waiting while the window is full.
    func submit(_ inputs: [Input]) {
        condition.lock()
        defer { condition.unlock() }
        while submitted - delivered >= window { condition.wait() }
        queued.append((submitted, inputs))
        submitted += 1
        condition.broadcast()
    }

    /// Says no more chunks come (the reader).
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next chunk for a worker, or nil once the pipeline is closed and empty.
    func take() -> (sequence: Int, inputs: [Input])? {
        condition.lock()
        defer { condition.unlock() }
        while queued.isEmpty && !closed { condition.wait() }
        return queued.isEmpty ? nil : queued.removeFirst()
    }

    /// Hands back the outputs of chunk `sequence` (a worker).
    func complete(_ sequence: Int, _ outputs: [Output]) {
        condition.lock()
        done[sequence] = outputs
        condition.broadcast()
        condition.unlock()
    }

    /// The outputs of the next chunk in order, as soon as it is done; nil once the pipeline is
    /// closed and every chunk delivered.
    func nextDone() -> [Output]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let outputs = done.removeValue(forKey: delivered) {
                delivered += 1
                condition.broadcast()
                return outputs
            }
            if closed && delivered == submitted { return nil }
            condition.wait()
        }
    }
}
