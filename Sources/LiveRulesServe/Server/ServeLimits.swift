#if Service
import LiveRules

/// The bounds of `liverules serve`'s work: what one request may send, how long it may take to
/// send it, and how many requests are answered at once. A request past a bound is refused with
/// a ``ServeError`` (a batch line past its bound is an error line); other requests go on.
package struct ServeLimits: Sendable {
    /// The largest body of a present or payload request, in bytes (`--max-body`); by default
    /// what `liverules eval` reads of a fixture file.
    package var body: Int = InputLimits.fixtureBytes
    /// The longest line of a batch, in bytes (`--max-line`); by default what `liverules payload
    /// --batch` reads of one.
    package var line: Int = InputLimits.fixtureBytes
    /// Requests to `/v1` answered at once (`--max-concurrent`); one more is refused with 503 and
    /// `Retry-After`. `/health` and `/metrics` are always answered.
    package var concurrent: Int = 64
    /// The longest the server waits for a client sending a body (`--read-timeout`): for the
    /// whole body of a present or payload request, for each part of a batch.
    package var readTimeout: Duration = .seconds(30)
    /// The CPU time a presentation of `/present` or `/payload` may take on the event loop that
    /// received it before it is moved off it (`--loop-deadline`; see ``PresentationSite``):
    /// about a hundred times what a presentation of the bundled packs takes (0.3 ms for
    /// meetings), a small share of the 1.7 s serving deadline.
    package var loopDeadline: Duration = .milliseconds(20)
    /// Threads presenting one batch's lines.
    package var batchWorkers: Int = 2

    /// The default limits.
    package init() {}

    /// `count` bytes as the messages say it: `65536 bytes (64 KiB)`.
    static func bytes(_ count: Int) -> String {
        count % 1024 == 0 ? "\(count) bytes (\(count / 1024) KiB)" : "\(count) bytes"
    }

    /// `duration` as the messages say it, in seconds.
    static func seconds(_ duration: Duration) -> String {
        let value = duration.inSeconds
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
#endif
