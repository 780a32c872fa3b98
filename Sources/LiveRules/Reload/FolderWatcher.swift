import Foundation

/// Watches folders recursively and reports, after a quiet period, which watched roots' direct
/// subfolders (packs) changed.
///
/// A root holding `pack.json` is a pack itself; any other root is a folder of packs, and
/// subfolders that appear in it later are packs too. Files anywhere under a pack count, whatever
/// their names; files directly inside a folder of packs do not. Changes are noticed by inotify
/// or by polling (``WatchMethod``); both report the same packs for the same edits, except that
/// polling sees only what changed on disk (a file opened for writing and closed unwritten is no
/// change) and, with inotify, a kernel event queue that overflowed reports every pack.
/// Thread-safe.
package final class FolderWatcher: @unchecked Sendable {
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

    private let source: any ChangeSource
    private let lifecycle: Lifecycle
    private let thread: Thread

    /// Starts watching `roots`, each a pack or a folder of packs, by `method`. After `quiet`
    /// passes with no change, `onChange` is called on the watcher's own thread with the pack
    /// folders (standardized directory URLs) changed since the last call; changes made while it
    /// runs go to the next call. Throws ``WatchError`` (`cannot watch <path>: <reason>`) for a
    /// root that cannot be watched, and for ``WatchMethod/inotify`` off Linux.
    package init(
        roots: [URL], quiet: Duration, method: WatchMethod = .automatic,
        onChange: @escaping @Sendable (Set<URL>) -> Void
    ) throws {
        let source = try Self.source(watching: roots, by: method)
        let lifecycle = Lifecycle()
        self.source = source
        self.lifecycle = lifecycle
        thread = Thread {
            FolderWatcher.run(source, quiet: quiet, lifecycle: lifecycle, onChange: onChange)
        }
        thread.name = "FolderWatcher"
        thread.start()
    }

    deinit {
        stop()
    }

    /// Stops the thread and releases what it watched with. Returns once the thread has ended,
    /// so no `onChange` call follows, unless called from `onChange` itself, which then is the
    /// last. Idempotent.
    package func stop() {
        source.wake()
        if Thread.current !== thread { lifecycle.waitUntilFinished() }
    }

    private static func source(watching roots: [URL], by method: WatchMethod) throws(WatchError) -> any ChangeSource {
        switch method {
        case .automatic:
            return try source(watching: roots, by: method.resolved)
        case .polling(let interval):
            return try PollingSource(roots: roots, interval: interval)
        case .inotify:
            #if os(Linux)
            return try InotifySource(roots: roots)
            #else
            throw WatchError(path: roots.map(\.standardizedFileURL.path).joined(separator: ", "),
                             reason: "inotify needs Linux; watch with .automatic or .polling")
            #endif
        }
    }

    /// The thread: waits until changes may be ready, collects them, and reports the batch once
    /// `quiet` passed without any.
    private static func run(
        _ source: any ChangeSource, quiet: Duration, lifecycle: Lifecycle, onChange: @Sendable (Set<URL>) -> Void
    ) {
        let clock = ContinuousClock()
        var pending: Set<URL> = []
        var deadline: ContinuousClock.Instant?
        loop: while true {
            switch source.wait(timeout: deadline.map { $0 - clock.now }) {
            case .woken:
                break loop
            case .events:
                let packs = source.changedPacks()
                if !packs.isEmpty {
                    pending.formUnion(packs)
                    deadline = clock.now + quiet
                }
            case .timeout:
                break
            }
            guard let due = deadline, clock.now >= due else { continue }
            // A stop() that came while this thread was away (in the last `onChange`, or
            // descheduled past the quiet period) wins over the batch that fell due meanwhile.
            if source.wait(timeout: .zero) == .woken { break loop }
            deadline = nil
            onChange(pending)
            pending = []
        }
        source.close()
        lifecycle.finish()
    }
}

// MARK: - ChangeSource

/// What ended a ``ChangeSource/wait(timeout:)``.
enum ChangeWake {
    /// Changes may be ready: call ``ChangeSource/changedPacks()``.
    case events
    case timeout
    /// ``ChangeSource/wake()`` was called (or the source broke): the watcher stops.
    case woken
}

/// What a ``FolderWatcher``'s thread waits on and reads changes from: inotify or polling.
/// `wake()` may be called from any thread; everything else belongs to the watcher's thread.
protocol ChangeSource: AnyObject, Sendable {
    /// Blocks until changes may be ready, `timeout` passed (nil waits without limit), or
    /// `wake()` was called; once woken, every later wait returns `.woken` at once.
    func wait(timeout: Duration?) -> ChangeWake
    /// The packs changed since the last call, as standardized directory URLs.
    func changedPacks() -> Set<URL>
    /// Makes the current or next `wait` return `.woken`.
    func wake()
    /// Releases what the source holds; called once, when the watcher's thread ends.
    func close()
}
