#if Service
import Foundation
import Hummingbird
import LiveRules
import NIOCore

/// Reads request bodies within ``ServeLimits``, and words their refusals: a body over its size
/// limit is refused with ``ServeError/Kind/tooLarge``, a client that keeps the server waiting
/// longer than the read timeout with ``ServeError/Kind/timeout``, a body whose framing is
/// malformed with ``ServeError/Kind/framing``.
enum BodyReader {
    /// Reads `body` line by line (``LineSplitter``) into `lines`, each wait for the client at
    /// most `timeout`, until the body ends, `lines` is cancelled or the time is up; finishes
    /// `lines`. A line over `limit` bytes is handed on empty and its number added to `tooLong`.
    /// Returns the number of the line after the last, and whether the time ran out.
    static func lines(
        _ body: RequestBody, into lines: Handoff<[PushBatch.Line]>, limit: Int, tooLong: LineSet, timeout: Duration
    ) async -> ReadEnd {
        defer { lines.finish() }
        let deadline = ReadDeadline(timeout: timeout)
        return await withTaskGroup(of: ReadEnd?.self) { group in
            group.addTask {
                await read(body, into: lines, limit: limit, tooLong: tooLong, deadline: deadline)
            }
            group.addTask {
                await deadline.passed()
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if let first { return first }
            let stopped = await group.next() ?? nil
            return ReadEnd(next: stopped?.next ?? 1, timedOut: true)
        }
    }

    /// The reading of ``lines(_:into:limit:tooLong:timeout:)``, arming `deadline` while it waits
    /// for the client; ends when cancelled.
    private static func read(
        _ body: RequestBody, into lines: Handoff<[PushBatch.Line]>, limit: Int, tooLong: LineSet, deadline: ReadDeadline
    ) async -> ReadEnd {
        var splitter = LineSplitter(limit: limit + 1)
        func handed(_ found: [PushBatch.Line]) async -> Bool {
            var found = found
            for index in found.indices where found[index].bytes.count > limit {
                tooLong.insert(found[index].number)
                found[index].bytes = []
            }
            if found.isEmpty { return true }
            return await lines.send(found)
        }
        var iterator = body.makeAsyncIterator()
        do {
            while true {
                deadline.arm()
                guard let buffer = try await iterator.next() else { break }
                deadline.disarm()
                let found = buffer.withUnsafeReadableBytes { splitter.lines(in: $0) }
                guard await handed(found), !Task.isCancelled else { return ReadEnd(next: splitter.nextNumber, timedOut: false) }
            }
        } catch {
            return ReadEnd(next: splitter.nextNumber, timedOut: false)
        }
        deadline.disarm()
        if let last = splitter.end() { _ = await handed([last]) }
        return ReadEnd(next: splitter.nextNumber, timedOut: false)
    }

    /// How the reading of a batch ended: the number of the line after the last, and whether the
    /// client kept the server waiting too long.
    struct ReadEnd: Sendable {
        var next: Int
        var timedOut: Bool
    }

    /// The refusal of a body over `limit` bytes.
    static func tooLarge(_ limit: Int) -> ServeError {
        ServeError(.tooLarge, about: ServeError.body, "the body is larger than \(ServeLimits.bytes(limit)) (--max-body)")
    }

    /// The refusal of a body that took longer than `timeout`.
    static func timedOut(_ timeout: Duration) -> ServeError {
        ServeError(.timeout, about: ServeError.body, timedOutMessage(timeout))
    }

    /// The refusal of a body the HTTP decoder could not read, failing with `error`.
    static func malformed(_ error: any Error) -> ServeError {
        ServeError(.framing, about: ServeError.body, "the body's framing is malformed (\(error)); it cannot be read as sent")
    }

    /// What a refusal for `timeout` says.
    static func timedOutMessage(_ timeout: Duration) -> String {
        "the body did not arrive within \(ServeLimits.seconds(timeout)) (--read-timeout)"
    }
}
#endif
