import Foundation
import LiveRules
import Testing

/// Collects a reloader's events as they come (from the reloading thread: waiting here must not
/// depend on the test's own task pool). A wait that runs out records a test failure.
final class ReloadEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [ReloadEvent] = []

    func append(_ event: ReloadEvent) { lock.withLock { received.append(event) } }
    var all: [ReloadEvent] { lock.withLock { received } }

    /// Waits until `count` events arrived, at most `seconds`; returns the events.
    func wait(for count: Int, seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation) -> [ReloadEvent] {
        wait(seconds: seconds, sourceLocation: sourceLocation) { $0.count >= count }
    }

    /// Waits until the events satisfy `done`, at most `seconds`; returns the events.
    func wait(
        seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation, until done: ([ReloadEvent]) -> Bool
    ) -> [ReloadEvent] {
        let deadline = Date().addingTimeInterval(seconds)
        while !done(all) {
            guard Date() < deadline else {
                Issue.record("no such reload events after \(seconds) s: \(all)", sourceLocation: sourceLocation)
                return all
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return all
    }
}
