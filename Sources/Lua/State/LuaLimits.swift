/// The budgets of one Lua state. Each is enforced while rule code runs; host marshaling is
/// never refused.
public struct LuaLimits: Sendable, Hashable {
    /// Lua VM instructions per call (each `call` and each loaded chunk gets a fresh allowance).
    public var instructions: Int
    /// Units of C library work per call; see ``LuaBudget/steps(_:)``.
    public var steps: Int
    /// Bytes live in the state while rules run.
    public var memoryBytes: Int
    /// The longest string a rule may build, in bytes.
    public var stringBytes: Int

    public init(
        instructions: Int = 1_000_000,
        steps: Int = 10_000_000,
        memoryBytes: Int = 16 << 20,
        stringBytes: Int = 8 << 10
    ) {
        self.instructions = instructions
        self.steps = steps
        self.memoryBytes = memoryBytes
        self.stringBytes = stringBytes
    }
}
