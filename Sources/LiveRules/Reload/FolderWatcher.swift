#if os(Linux)
import Foundation

/// Watches folders recursively and reports, after a quiet period, which watched roots' direct
/// subfolders (packs) changed.
///
/// A root holding `pack.json` is a pack itself; any other root is a folder of packs, and
/// subfolders that appear in it later are packs too. Files anywhere under a pack count, whatever
/// their names; files directly inside a folder of packs do not. When the kernel's event queue
/// overflows, every pack is reported. Thread-safe.
public final class FolderWatcher: @unchecked Sendable {
    /// Whether the watcher's thread has ended, for `stop()` to wait on.
    private final class Lifecycle: @unchecked Sendable {
        private let condition = NSCondition()
        /// Guarded by `condition`.
        private var finished = false

        func finish() {
            condition.withLock {
                finished = true
                condition.broadcast()
            }
        }

        func waitUntilFinished() {
            condition.withLock {
                while !finished { condition.wait() }
            }
        }
    }

    private let inotify: Inotify
    private let lifecycle: Lifecycle
    private let thread: Thread

    /// Starts watching `roots`, each a pack or a folder of packs. After `quiet` passes with no
    /// event, `onChange` is called on the watcher's own thread with the pack folders (standardized
    /// directory URLs) changed since the last call; events arriving while it runs go to the next
    /// call. Throws `Inotify.Failure` (`cannot watch <path>: <errno text>`) when inotify is
    /// unavailable or a root cannot be watched.
    public init(roots: [URL], quiet: Duration, onChange: @escaping @Sendable (Set<URL>) -> Void) throws {
        let inotify = try Inotify(for: roots.map(\.standardizedFileURL.path).joined(separator: ", "))
        let change = try FolderChange(roots: roots, inotify: inotify)
        let lifecycle = Lifecycle()
        self.inotify = inotify
        self.lifecycle = lifecycle
        thread = Thread {
            FolderWatcher.run(inotify, change, quiet: quiet, lifecycle: lifecycle, onChange: onChange)
        }
        thread.name = "FolderWatcher"
        thread.start()
    }

    deinit {
        stop()
    }

    /// Stops the thread and closes the inotify descriptor. Returns once the thread has ended,
    /// so no `onChange` call follows, unless called from `onChange` itself, which then is the
    /// last. Idempotent.
    public func stop() {
        inotify.wake()
        if Thread.current !== thread { lifecycle.waitUntilFinished() }
    }

    /// The thread: blocks in `poll` until events arrive, then until `quiet` passes without any,
    /// then reports the batch.
    private static func run(
        _ inotify: Inotify, _ change: FolderChange, quiet: Duration, lifecycle: Lifecycle,
        onChange: @Sendable (Set<URL>) -> Void
    ) {
        var change = change
        let clock = ContinuousClock()
        var deadline: ContinuousClock.Instant?
        loop: while true {
            switch inotify.wait(timeout: deadline.map { $0 - clock.now }) {
            case .woken:
                break loop
            case .events:
                change.apply(inotify.readEvents(), inotify: inotify)
                if !change.packs.isEmpty { deadline = clock.now + quiet }
            case .timeout:
                break
            }
            guard let due = deadline, clock.now >= due else { continue }
            deadline = nil
            onChange(change.take())
        }
        inotify.close()
        lifecycle.finish()
    }
}
#endif
