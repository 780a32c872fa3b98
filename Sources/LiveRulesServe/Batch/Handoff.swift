#if Service
import Foundation

/// A bounded queue between a thread and a task, either way round: the thread side blocks
/// (``put(_:)``, ``take()``), the task side suspends (``send(_:)``, ``receive()``), and each waits
/// while the queue is full or empty, so neither runs ahead of the other by more than `capacity`
/// items. One producer and one consumer. ``finish()`` ends it after the items queued;
/// ``cancel()`` ends it at once, for both sides (the consumer went away, or the producer failed).
final class Handoff<Element: Sendable>: @unchecked Sendable {
    private let capacity: Int
    private let condition = NSCondition()
    private var items: [Element] = []
    private var finished = false
    private var cancelled = false
    /// The task waiting in ``receive()`` for an item, or in ``send(_:)`` for room.
    private var waitingTask: CheckedContinuation<Void, Never>?

    /// A queue of at most `capacity` (at least 1) items.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool {
        condition.withLock { cancelled }
    }

    /// Queues `item`, blocking the thread while the queue is full; false (and `item` dropped)
    /// once cancelled.
    func put(_ item: Element) -> Bool {
        condition.lock()
        while items.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else {
            condition.unlock()
            return false
        }
        items.append(item)
        let waiting = takeWaitingTask()
        condition.unlock()
        waiting?.resume()
        return true
    }

    /// The next item, blocking the thread while the queue is empty; nil once finished and
    /// drained, or cancelled.
    func take() -> Element? {
        condition.lock()
        while items.isEmpty && !finished && !cancelled { condition.wait() }
        guard !cancelled, !items.isEmpty else {
            condition.unlock()
            return nil
        }
        let item = items.removeFirst()
        let waiting = takeWaitingTask()
        condition.unlock()
        waiting?.resume()
        return item
    }

    /// Queues `item`, suspending while the queue is full; false (and `item` dropped) once
    /// cancelled.
    func send(_ item: Element) async -> Bool {
        while true {
            let queued: Bool? = condition.withLock {
                if cancelled { return false }
                guard items.count < capacity else { return nil }
                items.append(item)
                condition.broadcast()
                return true
            }
            if let queued { return queued }
            await suspend { items.count >= capacity }
        }
    }

    /// The next item, suspending while the queue is empty; nil once finished and drained, or
    /// cancelled.
    func receive() async -> Element? {
        while true {
            let next: Element?? = condition.withLock {
                if cancelled { return .some(nil) }
                if !items.isEmpty {
                    let item = items.removeFirst()
                    condition.broadcast()
                    return .some(item)
                }
                return finished ? .some(nil) : nil
            }
            if let next { return next }
            await suspend { items.isEmpty }
        }
    }

    /// Ends the queue once its items are taken.
    func finish() {
        end { finished = true }
    }

    /// Ends the queue now, for both sides: waiting calls return, queued items are dropped.
    func cancel() {
        end {
            cancelled = true
            items.removeAll()
        }
    }

    private func end(_ change: () -> Void) {
        condition.lock()
        change()
        condition.broadcast()
        let waiting = takeWaitingTask()
        condition.unlock()
        waiting?.resume()
    }

    /// Suspends the calling task while `blocked` holds and the queue is neither finished nor
    /// cancelled (checked under the lock, so no wake-up is missed).
    private func suspend(while blocked: () -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waits = condition.withLock {
                guard blocked(), !finished, !cancelled else { return false }
                waitingTask = continuation
                return true
            }
            if !waits { continuation.resume() }
        }
    }

    /// The waiting task, no longer waiting; called with the lock held.
    private func takeWaitingTask() -> CheckedContinuation<Void, Never>? {
        defer { waitingTask = nil }
        return waitingTask
    }
}
#endif
