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
    /// The host's own modules' texts by path: with the prefix `host`, `require "host.x"` runs
    /// `hostModules["host/x.lua"]`, named `host/x.lua` in errors. They are trusted (not checked
    /// for purity).
    public var hostModules: [String: String]
    /// The first part of the names `require` resolves in `hostModules` instead of the pack's
    /// modules (`"host"` for `host.x`); `nil` when the host has none.
    public var hostModulePrefix: String?
    /// Receives what rules `print`.
    public var log: @Sendable (String) -> Void

    /// A sandbox; by default `require` is disabled and `print` goes nowhere.
    public init(
        moduleRoot: URL? = nil,
        modules: [String: String]? = nil,
        chunkPrefix: String = "",
        hostModules: [String: String] = [:],
        hostModulePrefix: String? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.moduleRoot = moduleRoot
        self.modules = modules
        self.chunkPrefix = chunkPrefix
        self.hostModules = hostModules
        self.hostModulePrefix = hostModulePrefix
        self.log = log
    }
}
