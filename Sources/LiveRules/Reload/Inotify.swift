#if os(Linux)
import Glibc

/// An inotify instance plus a wake-up pipe: adds and removes folder watches, waits for events
/// or a wake-up, and reads events. `wake()` may be called from any thread; everything else
/// belongs to one thread at a time.
final class Inotify: @unchecked Sendable {
    /// One inotify record.
    struct Event {
        /// The watch descriptor; -1 for `IN_Q_OVERFLOW`.
        var watch: Int32
        var mask: UInt32
        /// The entry's name inside the watched folder; empty for events on the folder itself.
        var name: String

        /// Whether `mask` has any of the bits of `flags` (`IN_*` constants).
        func has(_ flags: Int32) -> Bool { mask & UInt32(bitPattern: flags) != 0 }
    }

    /// Read buffer size: far above the largest record (16 bytes + NAME_MAX + 1).
    static let bufferSize = 64 * 1024

    private var descriptor: Int32
    /// A pipe that is never drained: readable for good once `wake()` wrote to it.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let buffer: UnsafeMutableRawPointer
    /// Bytes at the start of `buffer` holding an incomplete record from the last read.
    private var kept = 0

    /// Opens a non-blocking instance; `path` names what it is for in a ``WatchError``.
    init(for path: String) throws(WatchError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw Self.failure(path, errno) }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw Self.failure(path, code)
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        buffer = .allocate(byteCount: Self.bufferSize, alignment: MemoryLayout<inotify_event>.alignment)
    }

    deinit {
        close()
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
        buffer.deallocate()
    }

    /// Watches the folder at `path` (not following a final symlink) for `mask`; returns its
    /// watch descriptor, the same one again for a folder already watched.
    func addWatch(_ path: String, mask: Int32) throws(WatchError) -> Int32 {
        let watch = inotify_add_watch(descriptor, path, UInt32(bitPattern: mask | IN_ONLYDIR | IN_DONT_FOLLOW))
        guard watch >= 0 else { throw Self.failure(path, errno) }
        return watch
    }

    /// Removes a watch; the kernel then queues `IN_IGNORED` for it.
    func removeWatch(_ watch: Int32) {
        inotify_rm_watch(descriptor, watch)
    }

    /// Blocks until events are readable, `wake()` was called (then every later wait returns
    /// `.woken` at once), or `timeout` passed; nil waits without limit. An instance that can no
    /// longer be polled also reports `.woken`.
    func wait(timeout: Duration?) -> ChangeWake {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        let milliseconds = timeout.map(Self.milliseconds) ?? -1
        var ready = poll(&fds, 2, milliseconds)
        while ready < 0 && errno == EINTR { ready = poll(&fds, 2, milliseconds) }
        if ready < 0 || fds[1].revents != 0 { return .woken }
        if fds[0].revents & Int16(POLLIN) != 0 { return .events }
        return fds[0].revents == 0 ? .timeout : .woken
    }

    /// Makes the current or next `wait` return `.woken`.
    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Reads every queued event. Records are walked by their `len` field; a record cut short by
    /// a read is kept and completed by the next one.
    func readEvents() -> [Event] {
        var events: [Event] = []
        while descriptor >= 0 {
            let count = read(descriptor, buffer + kept, Self.bufferSize - kept)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            let end = kept + count
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while end - offset >= header {
                let nameLength = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                guard end - offset >= header + nameLength else { break }
                let name = UnsafeRawBufferPointer(start: buffer + offset + header, count: nameLength)
                events.append(Event(
                    watch: buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                    mask: buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                    name: String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
                ))
                offset += header + nameLength
            }
            kept = end - offset
            if kept > 0 { buffer.copyMemory(from: buffer + offset, byteCount: kept) }
        }
        return events
    }

    /// Closes the inotify descriptor, dropping every watch; idempotent.
    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    /// A failed system call for `path`: `cannot watch <path>: <errno text>`.
    private static func failure(_ path: String, _ code: Int32) -> WatchError {
        WatchError(path: path, reason: String(cString: strerror(code)))
    }

    /// `duration` in whole milliseconds, rounded up so a wait never ends before it.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.inMillisecondsRoundedUp)
    }
}
#endif
