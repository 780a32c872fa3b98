import Foundation
import TestPacks

/// Files of the package, found from this file (Tests/LiveRulesActivityTests/PackageFolders.swift).
enum PackageFolders {
    /// The library's sources.
    static let library = Paths.root.appendingPathComponent("Sources/LiveRulesActivity")
    /// The wire form's JSON Schema.
    static let schema = Paths.root.appendingPathComponent("schemas/live-presentation-v1.schema.json")
}
