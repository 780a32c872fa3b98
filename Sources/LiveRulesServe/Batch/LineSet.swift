#if Service
import Foundation

/// Line numbers shared between the task reading a batch and the thread writing its output.
final class LineSet: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers: Set<Int> = []

    /// Adds `number`.
    func insert(_ number: Int) {
        lock.withLock { _ = numbers.insert(number) }
    }

    /// Whether `number` was added.
    func contains(_ number: Int) -> Bool {
        lock.withLock { numbers.contains(number) }
    }
}
#endif
