import Foundation

/// Changes found by scanning: a ``FolderSnapshot`` of the roots taken every `interval` and
/// compared with the last one; each changed path names its pack (see ``PackRoots``).
final class PollingSource: ChangeSource, @unchecked Sendable {
    private let roots: PackRoots
    private let interval: Duration
    private let clock = ContinuousClock()
    /// Touched by the watcher's thread only.
    private var snapshot: FolderSnapshot
    private var nextScan: ContinuousClock.Instant
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var woken = false

    /// Takes the first snapshot now, so that changes made once this returns are seen. Throws
    /// for a root that is missing or not a folder. Intervals under 1 ms count as 1 ms.
    init(roots: [URL], interval: Duration) throws(WatchError) {
        for root in roots.map(\.standardizedFileURL.path) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
                throw WatchError(path: root, reason: String(cString: strerror(ENOENT)))
            }
            guard isFolder.boolValue else { throw WatchError(path: root, reason: String(cString: strerror(ENOTDIR))) }
        }
        self.roots = PackRoots(roots)
        self.interval = max(interval, .milliseconds(1))
        snapshot = FolderSnapshot(scanning: self.roots.roots.map(\.path))
        nextScan = clock.now + self.interval
    }

    /// Sleeps until the next scan is due or `timeout` passes, whichever comes first, and then
    /// reports `.events` either way: a watcher waiting out its quiet period scans once more
    /// before it reports, so a change made meanwhile joins the batch.
    func wait(timeout: Duration?) -> ChangeWake {
        let until = timeout.map { min(nextScan, clock.now + $0) } ?? nextScan
        return condition.withLock {
            while !woken {
                let left = clock.now.duration(to: until)
                guard left > .zero else { return .events }
                _ = condition.wait(until: Date(timeIntervalSinceNow: left.inSeconds))
            }
            return .woken
        }
    }

    func changedPacks() -> Set<URL> {
        let current = FolderSnapshot(scanning: roots.roots.map(\.path))
        defer {
            snapshot = current
            nextScan = clock.now + interval
        }
        return Set(current.changes(since: snapshot).compactMap { roots.pack(containing: $0.path, isFolder: $0.isFolder) })
    }

    func wake() {
        condition.withLock {
            woken = true
            condition.broadcast()
        }
    }

    func close() {}
}
