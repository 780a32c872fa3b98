import Dispatch
import Synchronization
import Testing

/// Holds the thread that makes the `held`th call to `pass()` (1 for the first) until `open()`,
/// so that changes made meanwhile are all waiting when it goes on, however slow the machine.
/// Every other call passes at once. Both waits give up after ``Patience``: the test's
/// `waitForEntry()` then records a failure, and a held call that gave up does not count as
/// having left (``hasLeft``), which `open()` records as a failure.
final class Gate: Sendable {
    private let held: Int
    private let calls = Mutex(0)
    private let entered = DispatchSemaphore(value: 0)
    private let opened = DispatchSemaphore(value: 0)
    private let left = Mutex(false)
    private let gaveUp = Mutex(false)

    init(holding held: Int = 1) {
        self.held = held
    }

    /// Whether the held call went on past the gate once it was opened.
    var hasLeft: Bool { left.withLock { $0 } }

    func pass() {
        let call = calls.withLock { count in
            count += 1
            return count
        }
        guard call == held else { return }
        entered.signal()
        guard opened.wait(timeout: .now() + Patience.seconds) == .success else {
            gaveUp.withLock { $0 = true }
            return
        }
        left.withLock { $0 = true }
    }

    /// Waits until the held call has reached the gate.
    func waitForEntry(sourceLocation: SourceLocation = #_sourceLocation) {
        if entered.wait(timeout: .now() + Patience.seconds) == .timedOut {
            Issue.record("no call reached the gate within \(Patience.seconds) s", sourceLocation: sourceLocation)
        }
    }

    func open(sourceLocation: SourceLocation = #_sourceLocation) {
        if gaveUp.withLock({ $0 }) { Issue.record("the gate was opened after its call gave up waiting", sourceLocation: sourceLocation) }
        opened.signal()
    }
}
