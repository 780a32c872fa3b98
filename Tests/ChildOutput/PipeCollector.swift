import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pipe a child process writes to, read on a thread of its own with blocking reads until its
/// end, its bytes collected. No dispatch source watches it: a pipe closed under a live
/// readability handler brings down libdispatch's event loop, and the reading thread keeps the
/// pipe open until the writer has closed it.
public final class PipeCollector: @unchecked Sendable {
    /// The pipe to hand to the process (`standardOutput`, `standardError`).
    public let pipe = Pipe()
    private let lock = NSLock()
    private var collected = Data()
    private let ended = DispatchSemaphore(value: 0)

    public init() {}

    /// Starts reading; call once the process writing to the pipe has started (`Process.run`
    /// closes the parent's writing end, so the pipe ends when the process does).
    public func start() {
        Thread.detachNewThread { [self] in
            let descriptor = pipe.fileHandleForReading.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.withLock { collected.append(contentsOf: buffer[0..<count]) }
            }
            ended.signal()
        }
    }

    /// What was read so far, as UTF-8 text.
    public var text: String {
        lock.withLock { String(decoding: collected, as: UTF8.self) }
    }

    /// Waits until the pipe has ended (every writer closed it), at most `seconds`; whether it did.
    @discardableResult
    public func waitForEnd(seconds: Double = 60) -> Bool {
        ended.wait(timeout: .now() + seconds) == .success
    }
}
