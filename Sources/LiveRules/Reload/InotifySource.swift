#if os(Linux)
import Foundation

/// Changes as the kernel reports them: an inotify watch on every folder under the roots.
final class InotifySource: ChangeSource, @unchecked Sendable {
    private let inotify: Inotify
    /// Touched by the watcher's thread only.
    private var change: FolderChange

    /// Watches every folder under `roots`; throws for a root that cannot be watched.
    init(roots: [URL]) throws(WatchError) {
        inotify = try Inotify(for: roots.map(\.standardizedFileURL.path).joined(separator: ", "))
        change = try FolderChange(roots: roots, inotify: inotify)
    }

    func wait(timeout: Duration?) -> ChangeWake {
        inotify.wait(timeout: timeout)
    }

    func changedPacks() -> Set<URL> {
        change.apply(inotify.readEvents(), inotify: inotify)
        return change.take()
    }

    func wake() {
        inotify.wake()
    }

    func close() {
        inotify.close()
    }
}
#endif
