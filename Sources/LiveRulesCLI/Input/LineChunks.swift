import Foundation
import LiveRules
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a file or a pipe, as they arrive: each call returns the complete lines of one
/// read (blank lines skipped, numbered from 1), so a stream is handled line by line while a
/// file goes in blocks. Memory is one block plus one line; a line longer than `limit` bytes is
/// cut there (and then fails to parse, reported at its number). Used by one thread at a time:
/// the batch's reader.
final class LineChunks: @unchecked Sendable {
    private let descriptor: Int32
    private let limit: Int
    private var pending: [UInt8] = []
    private var number = 0
    private var ended = false
    private var block = [UInt8](repeating: 0, count: 1 << 16)

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next lines at hand; nil at the end of the input.
    func next() -> [PushBatch.Line]? {
        while !ended {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                ended = true
                return pending.isEmpty ? nil : [take()].compactMap { $0 }
            }
            var lines: [PushBatch.Line] = []
            var start = 0
            for index in 0..<count where block[index] == UInt8(ascii: "\n") {
                append(block[start..<index])
                if let line = take() { lines.append(line) }
                start = index + 1
            }
            append(block[start..<count])
            if !lines.isEmpty { return lines }
        }
        return nil
    }

    private func append(_ bytes: ArraySlice<UInt8>) {
        pending.append(contentsOf: bytes.prefix(max(0, limit - pending.count)))
    }

    /// The pending line, numbered; nil for a blank one.
    private func take() -> PushBatch.Line? {
        number += 1
        defer { pending.removeAll(keepingCapacity: true) }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        guard pending.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return nil }
        return PushBatch.Line(number: number, bytes: pending)
    }
}
