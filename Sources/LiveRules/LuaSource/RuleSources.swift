/// The Lua files an error in a pack can be about, by chunk name: the pack's own files and the
/// host's (the helper modules and the driver), with what messages may suggest (placement ids,
/// phases). Read only once an error happened, to point at the mistake and say how to fix it.
struct RuleSources {
    /// The pack's Lua files by chunk name (`rules/meetings/badge.lua`).
    let pack: [String: String]
    /// The rule file of each stage, by chunk name.
    let rules: [RuleStage: String]
    /// Names a key of a table of the pack may be meant to be: the placement ids and the phases.
    let vocabulary: [String]

    /// The host's Lua files by chunk name (`liverules/palette.lua`, `liverules/driver.lua`).
    static let host: [String: String] = HostResources.helpers.merging(
        [HostResources.driverChunk: HostResources.driverSource]) { first, _ in first }

    /// Tokens and blocks already read, by chunk name: explaining one error reads a file several
    /// times, and a presenter explains every failing fixture with the same sources.
    private final class TokenCache {
        var tokens: [String: [LuaToken]] = [:]
        var blocks: [String: LuaBlocks] = [:]
    }

    private let cache = TokenCache()

    init(pack: [String: String], rules: [RuleStage: String] = [:], vocabulary: [String] = []) {
        self.pack = pack
        self.rules = rules
        self.vocabulary = vocabulary
    }

    /// The sources of `pack`.
    init(_ pack: RulePack) {
        self.init(pack: Dictionary(uniqueKeysWithValues: pack.sources.map { (pack.displayPath + "/" + $0.key, $0.value) }),
                  rules: pack.rules.mapValues(\.chunkName),
                  vocabulary: Placement.allCases.map(\.rawValue) + pack.manifest.phases)
    }

    /// Whether `chunk` is one of the host's files, which the pack's author never sees.
    static func isHost(_ chunk: String) -> Bool { host[chunk] != nil || chunk.hasPrefix(HostResources.modulePrefix + "/") }

    /// The text of a pack or host file.
    func text(of chunk: String) -> String? { pack[chunk] ?? Self.host[chunk] }

    /// The tokens of a pack or host file (empty when it is neither), up to an unfinished string:
    /// what follows it is not what Lua read.
    func tokens(of chunk: String) -> [LuaToken] {
        if let tokens = cache.tokens[chunk] { return tokens }
        let tokens = text(of: chunk).map { Array(LuaToken.tokens(of: $0).prefix { !$0.isUnfinished }) } ?? []
        cache.tokens[chunk] = tokens
        return tokens
    }

    /// The block structure of ``tokens(of:)``.
    func blocks(of chunk: String) -> LuaBlocks {
        if let blocks = cache.blocks[chunk] { return blocks }
        let blocks = LuaBlocks(tokens(of: chunk))
        cache.blocks[chunk] = blocks
        return blocks
    }

    /// The tokens on `line` of `chunk`.
    func tokens(of chunk: String, line: Int) -> [LuaToken] { tokens(of: chunk).filter { $0.line == line } }

    /// The chunk name of the module `require` loads for `name` (`liverules.decide`,
    /// `badges`), when it is one of these files.
    func chunk(ofModule name: String) -> String? {
        let path = name.replacingOccurrences(of: ".", with: "/") + ".lua"
        if Self.host[path] != nil { return path }
        return pack.keys.sorted().first { $0.hasSuffix("/" + path) }
    }
}
