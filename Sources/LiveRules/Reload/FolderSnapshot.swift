import Foundation

/// Every entry under some roots, with what tells that it changed: whether it is a folder, its
/// size, its modification time and its file identity (device and file number). Symbolic links
/// are entries of their own and are not followed. Reads folders with `FileManager` and each
/// entry's metadata with `lstat` (POSIX, on Linux and Darwin alike).
struct FolderSnapshot {
    struct Entry: Equatable {
        var isFolder: Bool
        var size: UInt64
        /// Nanoseconds since 1970.
        var modified: Int64
        var device: UInt64
        var file: UInt64
    }

    /// Entries by path (roots as given, the rest `<folder>/<name>`).
    private(set) var entries: [String: Entry] = [:]

    /// Reads the roots and everything under them now; a root that is missing has no entries,
    /// and entries that vanish while being read are left out.
    init(scanning roots: [String]) {
        for root in roots { add(root) }
    }

    /// The paths added, removed or changed since `old`, each with whether it is (or, removed,
    /// was) a folder. A rename is its old path removed and its new one added; a file replaced
    /// by a rename over it has a new identity.
    func changes(since old: FolderSnapshot) -> [(path: String, isFolder: Bool)] {
        var changed: [(path: String, isFolder: Bool)] = []
        for (path, entry) in entries where old.entries[path] != entry { changed.append((path, entry.isFolder)) }
        for (path, entry) in old.entries where entries[path] == nil { changed.append((path, entry.isFolder)) }
        return changed
    }

    private mutating func add(_ path: String) {
        guard let entry = Entry(path: path) else { return }
        entries[path] = entry
        guard entry.isFolder, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names { add(path + "/" + name) }
    }
}

extension FolderSnapshot.Entry {
    /// The entry at `path` (a final symbolic link not followed), or nil when there is none.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if os(Linux)
        let modified = info.st_mtim
        #else
        let modified = info.st_mtimespec
        #endif
        self.init(
            isFolder: UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR),
            size: UInt64(truncatingIfNeeded: info.st_size),
            modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            device: UInt64(truncatingIfNeeded: info.st_dev),
            file: UInt64(truncatingIfNeeded: info.st_ino))
    }
}
