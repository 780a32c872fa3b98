import Foundation

/// Chunks of work handed to worker threads and their results handed back in order: the engine
/// of ``RuleEngine/presentBatch(_:workers:next:work:deliver:)``. At most `window` chunks are
/// queued or done but not yet delivered, so memory stays bounded whatever the input's length.
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

    /// Queues a chunk, first waiting (and delivering) while the window is full; returns the
    /// chunks done in order meanwhile.
    func submit(_ inputs: [Input]) -> [[Output]] {
        condition.lock()
        defer { condition.unlock() }
        var ready: [[Output]] = []
        while submitted - delivered >= window {
            ready += takeReady()
            if submitted - delivered >= window { condition.wait() }
        }
        queued.append((submitted, inputs))
        submitted += 1
        condition.broadcast()
        return ready + takeReady()
    }

    /// Says no more chunks come; returns every remaining result in order once all are done.
    func finish() -> [[Output]] {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        var ready: [[Output]] = []
        while delivered < submitted {
            ready += takeReady()
            if delivered < submitted { condition.wait() }
        }
        return ready
    }

    /// The next chunk for a worker, or nil once the pipeline is finished and empty.
    func take() -> (sequence: Int, inputs: [Input])? {
        condition.lock()
        defer { condition.unlock() }
        while queued.isEmpty && !closed { condition.wait() }
        return queued.isEmpty ? nil : queued.removeFirst()
    }

    /// Hands back the outputs of chunk `sequence`.
    func complete(_ sequence: Int, _ outputs: [Output]) {
        condition.lock()
        done[sequence] = outputs
        condition.broadcast()
        condition.unlock()
    }

    /// The results done next in order (the lock held).
    private func takeReady() -> [[Output]] {
        var ready: [[Output]] = []
        while let outputs = done.removeValue(forKey: delivered) {
            ready.append(outputs)
            delivered += 1
        }
        if !ready.isEmpty { condition.broadcast() }
        return ready
    }
}
