import Foundation

/// One fixture of a pack and the golden it must match: `fixtures/<name>.json` ↔
/// `golden/<name>.json`, one to one by path (subfolders allowed). Both are read, and goldens
/// written, through the pack's ``PackFolder``.
package struct GoldenCase: Sendable, Hashable {
    /// The pack folder.
    package var folder: PackFolder
    /// The fixture's path inside `fixtures/`, without `.json`: `countdown-middle`, `late/sent`.
    package var name: String

    package init(folder: PackFolder, name: String) {
        self.folder = folder
        self.name = name
    }

    /// The case of fixture `name` in the pack in `packDirectory`, which messages name `packPath`.
    package init(packDirectory: URL, packPath: String, name: String) {
        self.init(folder: PackFolder(packDirectory, displayPath: packPath), name: name)
    }

    /// The pack folder as given, and how messages name it (`rules/meetings`).
    package var packDirectory: URL { folder.url }
    package var packPath: String { folder.displayPath }

    /// The fixture, the golden, and the pending result `--record` puts beside the golden for
    /// review, as paths inside the pack folder.
    package var fixtureFile: String { "fixtures/\(name).json" }
    package var goldenFile: String { "golden/\(name).json" }
    package var pendingFile: String { goldenFile + ".new" }

    package var fixturePath: String { folder.display(fixtureFile) }
    package var goldenPath: String { folder.display(goldenFile) }
    package var pendingPath: String { folder.display(pendingFile) }
    /// `meetings/countdown-middle`: what `--filter` globs match.
    package var id: String { "\((packPath as NSString).lastPathComponent)/\(name)" }
}
