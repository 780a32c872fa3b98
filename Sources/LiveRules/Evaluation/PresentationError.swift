import Lua

/// Why a presentation could not be made.
public enum PresentationError: Error, Sendable, CustomStringConvertible {
    /// The attributes or state do not match the pack's schema (bad input).
    case input(SchemaMismatch)
    /// A rule raised an error or ran out of a budget.
    case rule(LuaError)
    /// A rule returned something outside the presentation vocabulary: `file`, `line` and
    /// `column` are where the rule wrote it (the value as written, or the `return` that
    /// returned it), `path` the place in its output (Lua's 1-based indices).
    case output(file: String, line: Int, column: Int, path: String, message: String)
    /// The pack's rules could not be set up in a state.
    case setup([Diagnostic])
    /// A ``RuleEngine`` has no active version of a pack with this name.
    case unknownPack(name: String, known: [String])

    /// The problem as compiler-style diagnostics; `inputFile` names where the input came from.
    public func diagnostics(inputFile: String = "input") -> [Diagnostic] {
        switch self {
        case .input(let mismatch): [Diagnostic(file: inputFile, message: mismatch.description)]
        case .rule(let error): [Diagnostic(luaError: error, file: inputFile)]
        case .output(let file, let line, let column, let path, let message):
            [Diagnostic(file: file, line: line, column: column, message: "\(path): \(message)")]
        case .setup(let diagnostics): diagnostics
        case .unknownPack(let name, let known):
            [Diagnostic(file: inputFile, message: "no pack named '\(name)' is active" + Suggestion.hint(for: name, among: known)
                + (known.isEmpty ? "" : " (active: \(known.joined(separator: ", ")))"))]
        }
    }

    /// Whether the failure depends on the machine rather than on the rules and the input alone:
    /// a rule stopped by the deadline (`LuaError.dependsOnMachine`).
    public var dependsOnMachine: Bool {
        if case .rule(let error) = self { error.dependsOnMachine } else { false }
    }

    /// Whether the failure is the input's fault rather than a rule's.
    public var isInputError: Bool {
        if case .input = self { true } else { false }
    }

    public var description: String { diagnostics().map(\.description).joined(separator: "\n") }
}
