import Foundation

/// Folders of the package, found from this file (Tests/TestPacks/Paths.swift).
public enum Paths {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The bundled packs.
    public static let rules = root.appendingPathComponent("rules")
    /// The helper library's Lua sources.
    public static let helpers = root.appendingPathComponent("Sources/LiveRules/Helpers")
    /// The resources of the library's tests.
    public static let resources = root.appendingPathComponent("Tests/LiveRulesTests/Resources")
}
