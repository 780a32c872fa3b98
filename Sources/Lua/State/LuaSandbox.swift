import Foundation

/// What the sandbox lets rules reach beyond the pure libraries.
public struct LuaSandbox: Sendable {
    /// The folder `require` resolves modules in (`a.b` is `a/b.lua` inside it); `nil` disables
    /// `require`.
    public var moduleRoot: URL?
    /// How chunks from `moduleRoot` are named in errors: `rules/meetings` gives
    /// `rules/meetings/a/b.lua:12:`. Keep it short: Lua cuts chunk names at 60 bytes.
    public var chunkPrefix: String
    /// Receives what rules `print`.
    public var log: @Sendable (String) -> Void

    public init(
        moduleRoot: URL? = nil,
        chunkPrefix: String = "",
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.moduleRoot = moduleRoot
        self.chunkPrefix = chunkPrefix
        self.log = log
    }
}
