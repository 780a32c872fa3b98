import Foundation

/// Folders of the package, found from this file (Tests/LiveRulesTests/Support/Paths.swift).
enum Paths {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let rules = root.appendingPathComponent("rules")
    static let helpers = root.appendingPathComponent("Sources/LiveRules/Helpers")
    static let resources = root.appendingPathComponent("Tests/LiveRulesTests/Resources")
}
