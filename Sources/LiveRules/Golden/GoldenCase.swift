import Foundation

/// One fixture of a pack and the golden it must match: `fixtures/<name>.json` ↔
/// `golden/<name>.json`, one to one by path (subfolders allowed).
public struct GoldenCase: Sendable, Hashable {
    /// The pack folder and how messages name it (`rules/meetings`).
    public var packDirectory: URL
    public var packPath: String
    /// The fixture's path inside `fixtures/`, without `.json`: `countdown-middle`, `late/sent`.
    public var name: String

    public init(packDirectory: URL, packPath: String, name: String) {
        self.packDirectory = packDirectory
        self.packPath = packPath
        self.name = name
    }

    public var fixtureURL: URL { packDirectory.appendingPathComponent("fixtures/\(name).json") }
    public var goldenURL: URL { packDirectory.appendingPathComponent("golden/\(name).json") }
    /// Where `--record` puts a changed result for review: next to the golden.
    public var pendingURL: URL { packDirectory.appendingPathComponent("golden/\(name).json.new") }

    public var fixturePath: String { "\(packPath)/fixtures/\(name).json" }
    public var goldenPath: String { "\(packPath)/golden/\(name).json" }
    public var pendingPath: String { goldenPath + ".new" }
    /// `meetings/countdown-middle`: what `--filter` globs match.
    public var id: String { "\((packPath as NSString).lastPathComponent)/\(name)" }
}
