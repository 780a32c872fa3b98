import Foundation

/// Every entry under some roots, with what tells that it changed: whether it is a folder, its
/// size, its modification time and its file identity (device and file number). Symbolic links
/// are entries of their own and are not followed. Reads metadata through `FileManager` only.
struct FolderSnapshot {
    struct Entry: Equatable {
        var isFolder: Bool
        var size: UInt64
        /// Nanoseconds since 1970, as precisely as `FileManager`'s dates carry them (about 0.25 µs).
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
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return }
        let entry = Entry(attributes)
        entries[path] = entry
        guard entry.isFolder, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names { add(path + "/" + name) }
    }
}

extension FolderSnapshot.Entry {
    /// The entry `FileManager.attributesOfItem(atPath:)` describes (which does not follow a final link).
    init(_ attributes: [FileAttributeKey: Any]) {
        func number(_ key: FileAttributeKey) -> UInt64 { (attributes[key] as? NSNumber)?.uint64Value ?? 0 }
        let date = attributes[.modificationDate] as? Date
        self.init(
            isFolder: attributes[.type] as? FileAttributeType == .typeDirectory,
            size: number(.size),
            modified: date.map { Int64(($0.timeIntervalSince1970 * 1e9).rounded()) } ?? 0,
            device: number(.systemNumber),
            file: number(.systemFileNumber))
    }
}
