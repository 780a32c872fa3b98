import Foundation
import Lua

/// The error a hostile script must end in, under the default `LuaLimits`: what its first line
/// declares, `-- expect: <outcome>`. The one grammar of the corpus's headers, read by the tests
/// (Tests/LuaTests/HostileScriptTests.swift) and by the HostileBenchmarks executable.
public enum HostileOutcome: Sendable, CustomStringConvertible {
    case budget(LuaBudget)
    case memory
    case runtime(containing: String)
    case syntax(containing: String)

    /// Parses `instructions`, `steps`, `stringBytes`, `deadline`, `memory`, `runtime: <substring>` or
    /// `syntax: <substring>`; nil for anything else.
    public init?(_ header: Substring) {
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

    /// The deadline of the scripts that must end at it: far less than the CPU time their
    /// counted budgets would allow on any machine.
    public static let deadline = Duration.milliseconds(20)

    /// The limits the script runs under: the defaults (the deadline a far backstop, so a
    /// counted budget ends the script whatever the machine), or ``deadline`` when that is what
    /// the script must end in. `HOSTILE_DEADLINE_MS` replaces the backstop where every
    /// instruction is many times slower (scripts/sanitize.sh sets it).
    public var limits: LuaLimits {
        if case .budget(.deadline) = self { return LuaLimits(deadline: Self.deadline) }
        guard let milliseconds = ProcessInfo.processInfo.environment["HOSTILE_DEADLINE_MS"].flatMap(Int.init) else { return LuaLimits() }
        return LuaLimits(deadline: .milliseconds(milliseconds))
    }

    /// Whether `error` is this outcome: the same case and budget, the message containing the
    /// substring.
    public func matches(_ error: LuaError) -> Bool {
        switch (self, error) {
        case (.budget(let budget), .budget(let actual, _)): budget == actual
        case (.memory, .memory(let limit, _)): limit == LuaLimits().memoryBytes
        case (.runtime(let text), .runtime(let message, _, _)): message.contains(text)
        case (.syntax(let text), .syntax(let message, _)): message.contains(text)
        default: false
        }
    }

    public var description: String {
        switch self {
        case .budget(let budget): "budget \(budget)"
        case .memory: "memory"
        case .runtime(let text): "runtime error containing \"\(text)\""
        case .syntax(let text): "syntax error containing \"\(text)\""
        }
    }
}
