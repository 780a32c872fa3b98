import LiveRules

/// The host's static checks of one Lua file of a pack, for what luacheck cannot know: names the
/// host and the pack define, written as literals. Each finding is an error at the literal,
/// with "did you mean" where a name is close:
/// - string literals that are almost a field id, phase, placement, tone, glyph, slot, fact,
///   schema field or enum value (`"titel"`), table keys that are almost a placement, phase or field id beside keys
///   that are one (`{ lockscreen = "title", standBy = "title" }`);
/// - a `tone = "…"` or `glyph = "…"` that is none, a slot the placement it is given for does
///   not have (`{ androidOngoing = "body" }`), a phase compared with `input.phase` or
///   returned by the phase rule that the pack does not declare, a colour not `#RRGGBB`;
/// - facts read from `input.facts` (or a local holding it) that the phase rule never returns,
///   when its source says which it returns (``PhaseFacts``);
/// - `require` of a module that neither the helper library nor the pack has, members a helper
///   module does not have (`time.formt`), and the host's `liverules_host_…` plumbing; a
///   warning for `require` of the helper library's own modules (`liverules.support`);
/// - a warning for `now` compared with `<`, `<=`, `>` or `>=` (`now - start < WINDOW`) outside
///   the promises file: the host cannot see when such an answer changes, so the push it calls
///   for comes late (`time.reached` and `time.passed` say when).
package struct RuleLint {
    let tokens: [LuaToken]
    let blocks: LuaBlocks
    let vocabulary: PackVocabulary
    /// The file as messages name it.
    let file: String
    /// Whether the file is the phase rule (it returns the phase and the facts; it has no
    /// `input.phase` or `input.facts` of its own).
    let isPhaseRule: Bool
    /// Whether the file states the pack's promises: it reads `now` to judge, not to present.
    let isPromises: Bool
    /// The locals declared so far by name, in order: what each holds (nil: nothing the checks
    /// follow) and the index of the first token past its scope (``LuaBlocks/scopeEnd(at:)``).
    var scopes: [String: [(value: Alias?, end: Int)]] = [:]
    var found: [Diagnostic] = []
    /// Literals another check already judged.
    var judged: Set<Int> = []

    /// What a local holds, as far as the checks follow it.
    enum Alias: Equatable {
        case facts
        case phase
        case now
        case helper(String)
    }

    /// The findings in every Lua file of `pack` (not its generated ``RulePack/typesFolder``),
    /// sorted by file and position, each once.
    package static func diagnostics(for pack: RulePack) -> [Diagnostic] {
        let vocabulary = PackVocabulary(pack: pack)
        return pack.sources.keys.sorted().flatMap { diagnostics(of: pack.sources[$0]!, at: $0, in: pack, vocabulary: vocabulary) }
    }

    /// The findings in `source`, read as the file at `path` of `pack`, sorted by position, each once.
    package static func diagnostics(of source: String, at path: String, in pack: RulePack,
                                    vocabulary: PackVocabulary? = nil) -> [Diagnostic] {
        var lint = RuleLint(source: source, file: pack.folder.display(path), vocabulary: vocabulary ?? PackVocabulary(pack: pack),
                            isPhaseRule: pack.manifest.rules[.phase] == path, isPromises: path == PackPromises.file)
        lint.run()
        var found: [Diagnostic] = []
        for diagnostic in lint.found where !found.contains(diagnostic) { found.append(diagnostic) }
        return found
    }

    init(source: String, file: String, vocabulary: PackVocabulary, isPhaseRule: Bool, isPromises: Bool) {
        blocks = LuaBlocks(LuaToken.tokens(of: source))
        tokens = blocks.tokens
        self.file = file
        self.vocabulary = vocabulary
        self.isPhaseRule = isPhaseRule
        self.isPromises = isPromises
    }

    /// Reads the file once, front to back, keeping track of locals by scope.
    mutating func run() {
        if isPhaseRule { checkReturnedPhases() }
        for index in tokens.indices {
            let token = tokens[index]
            switch token.kind {
            case .keyword:
                switch token.text {
                case "function": declareParameters(at: index)
                case "for": declareLoopVariables(at: index)
                case "local": declare(at: index)
                default: break
                }
            case .name:
                checkName(at: index)
            case .string:
                checkString(at: index)
            case .symbol where token.text == "{":
                checkKeys(at: index)
            case .symbol where ["<", "<=", ">", ">="].contains(token.text) && !isPromises:
                checkNowComparison(at: index)
            default:
                break
            }
        }
        found.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// Reports `message` at `token`, an error unless `severity` says otherwise.
    mutating func report(_ token: LuaToken, _ message: String, severity: Diagnostic.Severity = .error) {
        found.append(Diagnostic(file: file, line: token.line, column: token.column, severity: severity, message: message))
    }

    /// The token at `index`, or nil past the end.
    func token(_ index: Int) -> LuaToken? { tokens.indices.contains(index) ? tokens[index] : nil }

    /// Whether the name at `index` is read as a variable (not a field after `.` or `:`).
    func isVariable(_ index: Int) -> Bool {
        guard let before = token(index - 1) else { return true }
        return !before.is(".") && !before.is(":")
    }
}
