import Lua

/// The outcome a hostile script's header declares, `-- expect: <outcome>`: the grammar of the
/// `Outcome` enum in Tests/LuaTests/HostileScriptTests.swift, the one place this executable
/// parses it.
enum Expectation: CustomStringConvertible {
    case budget(LuaBudget)
    case memory
    case runtime(containing: String)
    case syntax(containing: String)

    /// The deadline of the scripts that must end at it (the tests use the same): far less than
    /// the CPU time their counted budgets would allow on any machine.
    static let deadline = Duration.milliseconds(20)

    /// Parses the first two lines of `source`: `-- expect: ` and one of `instructions`, `steps`,
    /// `stringBytes`, `deadline`, `memory`, `runtime: <substring>` or `syntax: <substring>`, then
    /// a comment. Nil for anything else.
    init?(header source: String) {
        let lines = source.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, lines[0].hasPrefix("-- expect: "), lines[1].hasPrefix("-- ") else { return nil }
        let header = lines[0].dropFirst("-- expect: ".count)
        let limits = LuaLimits()
        switch header {
        case "instructions": self = .budget(.instructions(limits.instructions))
        case "steps": self = .budget(.steps(limits.steps))
        case "stringBytes": self = .budget(.stringBytes(limits.stringBytes))
        case "deadline": self = .budget(.deadline(Self.deadline))
        case "memory": self = .memory
        default:
            if header.hasPrefix("runtime: "), header.count > "runtime: ".count {
                self = .runtime(containing: String(header.dropFirst("runtime: ".count)))
            } else if header.hasPrefix("syntax: "), header.count > "syntax: ".count {
                self = .syntax(containing: String(header.dropFirst("syntax: ".count)))
            } else {
                return nil
            }
        }
    }

    /// The limits the script runs under: ``deadline`` for the scripts that must end at it, the
    /// defaults (a far backstop deadline) for the rest.
    var limits: LuaLimits {
        if case .budget(.deadline) = self { LuaLimits(deadline: Self.deadline) } else { LuaLimits() }
    }

    /// Whether `error` is this outcome: the same case and budget, the message containing the
    /// substring. A script that returned matches nothing.
    func matches(_ error: LuaError?) -> Bool {
        switch (self, error) {
        case (.budget(let budget), .budget(let actual, _)?): budget == actual
        case (.memory, .memory(let limit, _)?): limit == LuaLimits().memoryBytes
        case (.runtime(let text), .runtime(let message, _, _)?): message.contains(text)
        case (.syntax(let text), .syntax(let message, _)?): message.contains(text)
        default: false
        }
    }

    var description: String {
        switch self {
        case .budget(let budget): "budget \(budget)"
        case .memory: "memory"
        case .runtime(let text): "runtime error containing \"\(text)\""
        case .syntax(let text): "syntax error containing \"\(text)\""
        }
    }
}
