import Foundation

/// One fixture of a pack and the golden it must match: `fixtures/<name>.json` ↔
/// `golden/<name>.json`, one to one by path (subfolders allowed). Both are read, and goldens
/// written, through the pack's ``PackFolder``.
public struct GoldenCase: Sendable, Hashable {
    /// The pack folder.
    public var folder: PackFolder
    /// The fixture's path inside `fixtures/`, without `.json`: `countdown-middle`, `late/sent`.
    public var name: String

    public init(folder: PackFolder, name: String) {
        self.folder = folder
        self.name = name
    }

    /// The case of fixture `name` in the pack in `packDirectory`, which messages name `packPath`.
    public init(packDirectory: URL, packPath: String, name: String) {
        self.init(folder: PackFolder(packDirectory, displayPath: packPath), name: name)
    }

    /// The pack folder as given, and how messages name it (`rules/meetings`).
    public var packDirectory: URL { folder.url }
    public var packPath: String { folder.displayPath }

    /// The fixture, the golden, and the pending result `--record` puts beside the golden for
    /// review, as paths inside the pack folder.
    public var fixtureFile: String { "fixtures/\(name).json" }
    public var goldenFile: String { "golden/\(name).json" }
    public var pendingFile: String { goldenFile + ".new" }

    public var fixturePath: String { folder.display(fixtureFile) }
    public var goldenPath: String { folder.display(goldenFile) }
    public var pendingPath: String { folder.display(pendingFile) }
    /// `meetings/countdown-middle`: what `--filter` globs match.
    public var id: String { "\((packPath as NSString).lastPathComponent)/\(name)" }
}
