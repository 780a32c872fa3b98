import Foundation

/// A pack written to a fresh temporary folder: the meetings pack's files, with changes.
public struct TemporaryPack {
    /// The pack's folder.
    public let directory: URL

    /// Copies `rules/<name>` into a temporary folder, then writes `files` (path → contents)
    /// over it; a nil content deletes the file.
    public init(copying name: String = "meetings", files: [String: String?] = [:]) throws {
        let manager = FileManager.default
        directory = TemporaryFolder.path("pack").appendingPathComponent(name)
        try manager.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: Paths.rules.appendingPathComponent(name), to: directory)
        for (path, contents) in files {
            let url = directory.appendingPathComponent(path)
            if let contents {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: url, atomically: true, encoding: .utf8)
            } else {
                try manager.removeItem(at: url)
            }
        }
    }

    /// The text of one of the pack's files.
    public func read(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }
}
