import Lua

extension LuaError {
    /// The error with its location's file name restored when Lua shortened it (chunk names over
    /// 60 bytes become `...tail`): the pack file whose chunk name ends with the tail.
    func restoringChunkName(in pack: RulePack) -> LuaError {
        restoringChunkName(among: pack.chunkNames())
    }

    /// The error with its location's file name restored from `names` when Lua shortened it.
    func restoringChunkName(among names: [String]) -> LuaError {
        guard let location, location.file.hasPrefix("...") else { return self }
        let tail = String(location.file.dropFirst(3))
        guard let full = names.first(where: { $0.hasSuffix(tail) }) else { return self }
        let restored = SourceLocation(file: full, line: location.line)
        switch self {
        case .syntax(let message, _): return .syntax(message: message, location: restored)
        case .runtime(let message, _, let traceback): return .runtime(message: message, location: restored, traceback: traceback)
        case .budget(let budget, _): return .budget(budget, location: restored)
        case .memory(let limit, _): return .memory(limit: limit, location: restored)
        case .decoding, .encoding: return self
        }
    }
}

extension RulePack {
    /// The chunk names of every Lua file in the pack (`rules/meetings/badges.lua`).
    func chunkNames() -> [String] {
        sources.keys.sorted().map { displayPath + "/" + $0 }
    }
}
