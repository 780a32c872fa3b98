/// Everything that can go wrong in a Lua state, as a value the host can act on.
///
/// `description` uses the compiler format `file:line: error: message`, so editors and CI
/// annotations link it to the rule's source.
public enum LuaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A chunk failed to compile.
    case syntax(message: String, location: SourceLocation?)
    /// A rule raised an error; `traceback` is Lua's stack traceback.
    case runtime(message: String, location: SourceLocation?, traceback: String)
    /// A call ran out of a budget; `location` is where the rule was when it did.
    case budget(LuaBudget, location: SourceLocation?)
    /// The state's memory cap (bytes) was reached.
    case memory(limit: Int, location: SourceLocation?)
    /// A Lua value did not decode into the Swift type: `path` is the coding path (Lua's 1-based
    /// indices), `expected` what the type needs, `found` what Lua held.
    case decoding(path: String, expected: String, found: String)
    /// A Swift value could not be put on the Lua stack.
    case encoding(path: String, message: String)

    /// Where in a rule the error happened, when known.
    public var location: SourceLocation? {
        switch self {
        case .syntax(_, let location), .runtime(_, let location, _), .budget(_, let location),
             .memory(_, let location):
            location
        case .decoding, .encoding:
            nil
        }
    }

    /// The message without location or severity.
    public var message: String {
        switch self {
        case .syntax(let message, _), .runtime(let message, _, _): message
        case .budget(let budget, _) where budget.dependsOnMachine:
            "\(budget) exceeded before any counted budget ran out: this outcome depends on the machine's speed, not only on the rules"
        case .budget(let budget, _): "\(budget) exceeded"
        case .memory(let limit, _): "memory budget of \(limit) bytes exceeded"
        case .decoding(let path, let expected, let found):
            (path.isEmpty ? "" : "\(path): ") + "expected \(expected), got \(found)"
        case .encoding(let path, let message): (path.isEmpty ? "" : "\(path): ") + message
        }
    }

    /// Whether the error depends on the machine (its speed, its load) rather than on the rules
    /// and their inputs alone: a call stopped by the deadline. Such an error is no verdict on the
    /// rules; golden runs report it apart.
    public var dependsOnMachine: Bool {
        if case .budget(let budget, _) = self { budget.dependsOnMachine } else { false }
    }

    /// `file:line: error: message`, or `error: message` without a location.
    public var description: String {
        if let location { "\(location): error: \(message)" } else { "error: \(message)" }
    }
}
