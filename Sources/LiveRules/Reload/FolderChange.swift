#if os(Linux)
import Foundation
import Glibc

/// The packs that inotify events under some roots changed (see ``PackRoots``), and the watches
/// that keep every folder under those roots watched as folders come, go and move. Events on
/// files directly inside a folder of packs, and on paths outside every root, name no pack.
struct FolderChange {
    /// What watches report: content written, entries added, removed or moved, folders moving.
    static let mask = IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_MOVE_SELF

    private let roots: PackRoots
    /// The watched folders' paths by watch descriptor.
    private(set) var folders: [Int32: String] = [:]
    /// The pack folders changed since the last `take()`, as standardized directory URLs.
    private(set) var packs: Set<URL> = []

    /// Watches every folder under `roots`; throws for a root that cannot be watched.
    init(roots: [URL], inotify: Inotify) throws(WatchError) {
        self.roots = PackRoots(roots)
        for root in self.roots.roots {
            folders[try inotify.addWatch(root.path, mask: Self.mask)] = root.path
            watchSubfolders(of: root.path, inotify: inotify)
        }
    }

    /// Records the packs `events` changed and follows folders: new ones (created or moved in) get
    /// watches, with their subfolders, which may predate the watch; their files need no scan, as
    /// the folder's own event already names their pack. Folders moved away lose their watches,
    /// and watches the kernel dropped (`IN_IGNORED`) are forgotten. `IN_Q_OVERFLOW` rescans.
    mutating func apply(_ events: [Inotify.Event], inotify: Inotify) {
        for event in events {
            if event.has(IN_Q_OVERFLOW) {
                rescan(inotify: inotify)
                continue
            }
            guard let folder = folders[event.watch] else { continue }
            if event.has(IN_IGNORED) {
                folders[event.watch] = nil
                continue
            }
            let path = event.name.isEmpty ? folder : folder + "/" + event.name
            let isFolder = event.has(IN_ISDIR) || event.name.isEmpty
            if event.has(IN_MOVED_FROM | IN_MOVE_SELF) && isFolder { forget(path, inotify: inotify) }
            if event.has(IN_CREATE | IN_MOVED_TO) && event.has(IN_ISDIR) { watch(path, inotify: inotify) }
            if let pack = roots.pack(containing: path, isFolder: isFolder) { packs.insert(pack) }
        }
    }

    /// Returns the changed packs and starts a new set.
    mutating func take() -> Set<URL> {
        defer { packs = [] }
        return packs
    }

    /// Watches the folder at `path` and the folders under it; one that vanished meanwhile is skipped.
    private mutating func watch(_ path: String, inotify: Inotify) {
        guard let watch = try? inotify.addWatch(path, mask: Self.mask) else { return }
        folders[watch] = path
        watchSubfolders(of: path, inotify: inotify)
    }

    private mutating func watchSubfolders(of path: String, inotify: Inotify) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            let child = path + "/" + name
            var info = stat()
            if lstat(child, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { watch(child, inotify: inotify) }
        }
    }

    /// Drops the watches on `path` and the folders under it: they no longer are where they were.
    private mutating func forget(_ path: String, inotify: Inotify) {
        for (watch, folder) in folders where folder == path || folder.hasPrefix(path + "/") {
            inotify.removeWatch(watch)
            folders[watch] = nil
        }
    }

    /// After lost events: watches every folder under the roots afresh and names every pack, those
    /// there now and those watched before.
    private mutating func rescan(inotify: Inotify) {
        let previous = folders.values
        for watch in folders.keys { inotify.removeWatch(watch) }
        folders = [:]
        for root in roots.roots { watch(root.path, inotify: inotify) }
        for path in [previous, folders.values].joined() {
            if let pack = roots.pack(containing: path, isFolder: true) { packs.insert(pack) }
        }
    }
}
#endif
