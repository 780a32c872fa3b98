/// A budget a call ran out of, with the limit that was in force.
public enum LuaBudget: Sendable, Hashable, CustomStringConvertible {
    /// Lua VM instructions per call (the count hook).
    case instructions(Int)
    /// Units of C library work per call: pattern-matching steps, elements moved, compared or
    /// scanned by library functions, and one unit per 64 bytes of each object made (short strings
    /// and the growth of tables and of Lua's own structures aside).
    case steps(Int)
    /// Bytes of one string.
    case stringBytes(Int)
    /// CPU time of one top-level call (see ``LuaLimits/deadline``). The one budget whose
    /// outcome depends on the machine: see ``dependsOnMachine``.
    case deadline(Duration)

    /// Whether running out of this budget depends on the machine rather than on the rules and
    /// their inputs alone: true for the deadline only. A counted run that ends at the deadline
    /// has no verdict; reports keep it apart from rule failures.
    public var dependsOnMachine: Bool {
        if case .deadline = self { true } else { false }
    }

    /// The budget and its limit, as error messages name it.
    public var description: String {
        switch self {
        case .instructions(let limit): "instruction budget of \(limit) instructions"
        case .steps(let limit): "C work budget of \(limit) steps"
        case .stringBytes(let limit): "string length limit of \(limit) bytes"
        case .deadline(let limit): "deadline of \(limit.inMillisecondsRoundedUp) ms of CPU time"
        }
    }
}
