import Foundation

/// The roots a watcher covers, and which pack a changed path is in.
///
/// A root holding `pack.json` (when the watcher starts) is a pack; any other root is a folder of
/// packs, each of its subfolders (present or added later) a pack.
struct PackRoots: Sendable {
    struct Root: Sendable {
        /// The standardized path, without a trailing slash.
        var path: String
        var isPack: Bool
    }

    let roots: [Root]

    init(_ urls: [URL]) {
        roots = urls.map {
            let path = $0.standardizedFileURL.path
            return Root(path: path, isPack: FileManager.default.fileExists(atPath: path + "/" + RulePack.manifestFile))
        }
    }

    /// The pack `path` is in: the innermost root holding it if that is a pack, else the root's
    /// subfolder it is in. Nil outside every root, for a folder of packs itself, and for a file
    /// directly inside one.
    func pack(containing path: String, isFolder: Bool) -> URL? {
        let holding = roots.filter { path == $0.path || path.hasPrefix($0.path + "/") }
        guard let root = holding.max(by: { $0.path.count < $1.path.count }) else { return nil }
        if root.isPack { return Self.url(root.path) }
        let inner = path.dropFirst(root.path.count + 1)
        guard let name = inner.split(separator: "/").first,
              isFolder || inner.contains("/") else { return nil }
        return Self.url(root.path + "/" + name)
    }

    private static func url(_ path: String) -> URL {
        URL(fileURLWithPath: path, isDirectory: true)
    }
}
