#if Studio || Service
import Foundation

/// At most `width` of one kind of work at once: a place is taken or refused at once, never
/// waited for. What a refusal answers is the server's. Safe to use from any thread.
package final class Places: @unchecked Sendable {
    /// The most places taken at once.
    package let width: Int
    private let lock = NSLock()
    private var taken = 0

    /// `width` places, all free.
    package init(width: Int) {
        self.width = width
    }

    /// The places taken now.
    package var inUse: Int {
        lock.withLock { taken }
    }

    /// Takes a place and returns true, or returns false when none is free; ``give()`` gives it back.
    package func take() -> Bool {
        lock.withLock {
            guard taken < width else { return false }
            taken += 1
            return true
        }
    }

    /// Gives back a place taken by ``take()``.
    package func give() {
        lock.withLock { taken -= 1 }
    }
}
#endif
