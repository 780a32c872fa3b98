import Foundation
import LiveRules
import Testing

/// Collects a reloader's events as they come (from the reloading thread: waiting here must not
/// depend on the test's own task pool). Waits poll and return as soon as what they wait for
/// came; one that runs out (after ``Patience`` unless given) records a test failure.
final class ReloadEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [ReloadEvent] = []

    func append(_ event: ReloadEvent) { lock.withLock { received.append(event) } }

    var all: [ReloadEvent] { lock.withLock { received } }

    /// Waits until `count` events arrived, at most `seconds`; returns the events.
    func wait(for count: Int, seconds: Double = Patience.seconds, sourceLocation: SourceLocation = #_sourceLocation) -> [ReloadEvent] {
        wait(seconds: seconds, sourceLocation: sourceLocation) { $0.count >= count }
    }

    /// Waits until an event after the first `count` satisfies `match`, at most `seconds`; returns
    /// the first that does (nil, recording a failure, when none came). A loaded machine may
    /// deliver one save as two batches: waiting for the event a save must cause, rather than for
    /// a count of events, keeps an extra one from being taken for it.
    func first(
        after count: Int, seconds: Double = Patience.seconds, sourceLocation: SourceLocation = #_sourceLocation,
        where match: (ReloadEvent) -> Bool
    ) -> ReloadEvent? {
        wait(seconds: seconds, sourceLocation: sourceLocation) { $0.dropFirst(count).contains(where: match) }
            .dropFirst(count).first(where: match)
    }

    /// Waits until the events satisfy `done`, at most `seconds`; returns the events.
    func wait(
        seconds: Double = Patience.seconds, sourceLocation: SourceLocation = #_sourceLocation, until done: ([ReloadEvent]) -> Bool
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
