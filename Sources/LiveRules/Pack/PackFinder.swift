import Foundation

/// Finds packs on disk: a folder with a `pack.json`, or the folders directly inside one.
package enum PackFinder {
    /// The packs at `path`: `path` itself when it holds a `pack.json`, otherwise its
    /// subfolders that do, sorted by name. Empty when there are none.
    package static func packs(at path: URL) -> [URL] {
        let manager = FileManager.default
        if manager.fileExists(atPath: path.appendingPathComponent(RulePack.manifestFile).path) { return [path] }
        guard let names = try? manager.contentsOfDirectory(atPath: path.path) else { return [] }
        return names.sorted().map { path.appendingPathComponent($0) }
            .filter { manager.fileExists(atPath: $0.appendingPathComponent(RulePack.manifestFile).path) }
    }

    /// A path as the user typed it, without a trailing slash: how messages name it.
    package static func displayPath(_ path: String) -> String {
        path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    }

    /// The folder's path relative to the current directory when it is inside it, else its full
    /// path: how messages name a folder the user did not name.
    package static func displayPath(of url: URL) -> String {
        let path = url.standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath + "/"
        return displayPath(path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path)
    }
}
