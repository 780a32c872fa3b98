import Foundation

/// Work on `count` items that threads share: each takes the next index in turn and stores what it
/// made there; ``results`` gives them back in index order. Golden runs and the preview studio's
/// renderings hand out their cases this way.
package final class IndexedWork<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result?]
    private var handedOut = 0
    private var finished = 0

    package init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// The next index to work on, or nil when every one has been handed out.
    package func next() -> Int? {
        lock.withLock {
            guard handedOut < slots.count else { return nil }
            handedOut += 1
            return handedOut - 1
        }
    }

    /// Stores what index `index` made; returns how many items have finished.
    @discardableResult
    package func store(_ result: Result, at index: Int) -> Int {
        lock.withLock {
            slots[index] = result
            finished += 1
            return finished
        }
    }

    /// What was stored, in index order.
    package var results: [Result] { lock.withLock { slots.compactMap { $0 } } }
}
