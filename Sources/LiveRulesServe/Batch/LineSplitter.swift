#if Service
import LiveRules

/// Splits a stream of bytes into the lines of a batch as `liverules payload --batch` reads its
/// input: numbered from 1, blank lines skipped (still counted), a final `\r` dropped, a line
/// longer than `limit` bytes cut there (it then fails to parse, reported at its number).
/// Memory is one line at most.
struct LineSplitter {
    private let limit: Int
    private var pending: [UInt8] = []
    private var number = 0

    /// A splitter that keeps at most `limit` bytes of a line.
    init(limit: Int) {
        self.limit = limit
    }

    /// The lines that `bytes` completes.
    mutating func lines(in bytes: some Collection<UInt8>) -> [PushBatch.Line] {
        var lines: [PushBatch.Line] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            append(bytes[start..<newline])
            if let line = take() { lines.append(line) }
            start = bytes.index(after: newline)
        }
        append(bytes[start...])
        return lines
    }

    /// The last line, when the stream ended without a newline after it.
    mutating func end() -> PushBatch.Line? {
        pending.isEmpty ? nil : take()
    }

    /// The number of the line after the last one seen.
    var nextNumber: Int { number + 1 }

    private mutating func append(_ bytes: some Collection<UInt8>) {
        pending.append(contentsOf: bytes.prefix(max(0, limit - pending.count)))
    }

    /// The pending line, numbered; nil for a blank one.
    private mutating func take() -> PushBatch.Line? {
        number += 1
        defer { pending.removeAll(keepingCapacity: true) }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        guard pending.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return nil }
        return PushBatch.Line(number: number, bytes: pending)
    }
}
#endif
