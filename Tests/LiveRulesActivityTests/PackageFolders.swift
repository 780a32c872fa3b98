import Foundation

/// Files of the package, found from this file (Tests/LiveRulesActivityTests/PackageFolders.swift).
enum PackageFolders {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The library's sources.
    static let library = root.appendingPathComponent("Sources/LiveRulesActivity")
    /// The wire form's JSON Schema.
    static let schema = root.appendingPathComponent("schemas/live-presentation-v1.schema.json")
}
