import Foundation

/// What the sandbox lets rules reach beyond the pure libraries.
public struct LuaSandbox: Sendable {
    /// The folder `require` resolves modules in (`a.b` is `a/b.lua` inside it); `nil` disables
    /// `require`.
    public var moduleRoot: URL?
    /// Module texts by path (`a/b.lua`): when set, `require` resolves here instead of reading
    /// `moduleRoot`, so what a state runs is fixed when it is made.
    public var modules: [String: String]?
    /// How chunks from `moduleRoot` are named in errors: `rules/meetings` gives
    /// `rules/meetings/a/b.lua:12:`. Keep it short: Lua cuts chunk names at 60 bytes.
    public var chunkPrefix: String
    /// The folder of the host's own modules: `require "liverules.x"` is `liverules/x.lua` inside
    /// it, named `liverules/x.lua` in errors. Consulted before `moduleRoot` for names starting
    /// with `liverules.`; `nil` when the host has none.
    public var hostModuleRoot: URL?
    /// Receives what rules `print`.
    public var log: @Sendable (String) -> Void

    public init(
        moduleRoot: URL? = nil,
        modules: [String: String]? = nil,
        chunkPrefix: String = "",
        hostModuleRoot: URL? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.moduleRoot = moduleRoot
        self.modules = modules
        self.chunkPrefix = chunkPrefix
        self.hostModuleRoot = hostModuleRoot
        self.log = log
    }
}
