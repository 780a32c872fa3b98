/// Problems that stopped a pack or a fixture from loading: all of them, not just the first.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in the order found; never empty when thrown.
    public var diagnostics: [Diagnostic]
    /// Whether a file or folder was refused because it leads outside its pack folder (or its
    /// name does): bad input, whatever kind of file it is.
    public var isOutsidePack: Bool

    /// An error carrying `diagnostics`; `isOutsidePack` marks a refused path outside the pack.
    public init(_ diagnostics: [Diagnostic], isOutsidePack: Bool = false) {
        self.diagnostics = diagnostics
        self.isOutsidePack = isOutsidePack
    }

    /// Each diagnostic's `description`, one per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
