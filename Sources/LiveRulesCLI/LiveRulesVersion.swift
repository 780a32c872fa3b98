import LiveRules

/// The version of this package and its CLI (the one place it is written).
enum LiveRulesVersion {
    static let current = "0.2.0"

    /// What `liverules --version` prints: `liverules 0.2.0 (Lua 5.4.6)`.
    static var description: String { "liverules \(current) (\(RuleEngine.luaRelease))" }
}
