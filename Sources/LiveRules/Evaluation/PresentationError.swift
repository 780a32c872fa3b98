import Lua

/// Why a presentation could not be made.
public enum PresentationError: Error, Sendable, CustomStringConvertible {
    /// The attributes or state do not match the pack's schema (bad input): the first mismatch,
    /// and `mismatches`, every one found, the first included (up to one more than
    /// ``InputLimits/problemsPerFile``; empty means the first alone). ``mismatches`` reads them
    /// whichever way the error was made.
    case input(SchemaMismatch, mismatches: [SchemaMismatch] = [])
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

    /// The input error of `mismatches` (not empty), in the order found.
    static func input(mismatches: [SchemaMismatch]) -> PresentationError {
        .input(mismatches[0], mismatches: mismatches)
    }

    /// Every mismatch of the input with the schema, in the order found; empty when the error
    /// is not ``input(_:mismatches:)``.
    public var mismatches: [SchemaMismatch] {
        guard case .input(let first, let all) = self else { return [] }
        return all.isEmpty ? [first] : all
    }

    /// The problem as compiler-style diagnostics. `inputFile` names the file the input came from
    /// (a fixture, a batch); without one the input is the app's own typed values, which have no
    /// file and no position: each mismatch is then a diagnostic named by its path in the value
    /// (`state.meetings[0].start`), with no line or column (both 0).
    public func diagnostics(inputFile: String? = nil) -> [Diagnostic] {
        switch self {
        case .input:
            var collapsed = SchemaMismatch.collapsed(mismatches).map(\.mismatch)
            let more = collapsed.count > InputLimits.problemsPerFile
            if more { collapsed.removeLast(collapsed.count - InputLimits.problemsPerFile) }
            var diagnostics = collapsed.map { mismatch in
                if let inputFile { Diagnostic(file: inputFile, message: mismatch.description) }
                else { Self.unplaced(mismatch.path.isEmpty ? "input" : mismatch.path, mismatch.message) }
            }
            if more {
                let message = "more than \(InputLimits.problemsPerFile) problems; the rest are not reported"
                diagnostics.append(inputFile.map { Diagnostic(file: $0, message: message) } ?? Self.unplaced("input", message))
            }
            return diagnostics
        case .rule(let error):
            if inputFile == nil, error.location == nil { return [Self.unplaced("rules", error.message)] }
            return [Diagnostic(luaError: error, file: inputFile ?? "input")]
        case .output(let file, let line, let column, let path, let message):
            return [Diagnostic(file: file, line: line, column: column, message: "\(path): \(message)")]
        case .setup(let diagnostics):
            return diagnostics
        case .unknownPack(let name, let known):
            let message = "no pack named '\(name)' is active" + Suggestion.hint(for: name, among: known)
                + (known.isEmpty ? "" : " (active: \(known.joined(separator: ", ")))")
            return [inputFile.map { Diagnostic(file: $0, message: message) } ?? Self.unplaced("RuleEngine", message)]
        }
    }

    /// A diagnostic about something that is not in a file (an app's value, the engine): no
    /// position, which `description` below shows as `name: message`.
    private static func unplaced(_ name: String, _ message: String) -> Diagnostic {
        Diagnostic(file: name, line: 0, column: 0, message: message)
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

    /// Each diagnostic on a line: `path:line:col: error: message` for a place in a file; for a
    /// place in the app's value `state.meetings[0].start: message`, as ``SchemaMismatch`` and
    /// ``PayloadError`` show it.
    public var description: String {
        diagnostics().map { $0.line == 0 ? "\($0.file): \($0.message)" : $0.description }.joined(separator: "\n")
    }
}
