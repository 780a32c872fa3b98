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
    /// CPU time one top-level call may take (the calling thread's, on Linux; wall time
    /// elsewhere); nil for none. The last line of defence against C work that the other budgets
    /// do not count: a watchdog thread stops the call at its next instruction. Whole
    /// milliseconds.
    public var deadline: Duration?

    /// Budgets for serving rules: a million instructions, two million steps, 16 MiB, strings of
    /// 8 KiB and 50 ms of CPU time per call unless given.
    public init(
        instructions: Int = 1_000_000,
        steps: Int = 2_000_000,
        memoryBytes: Int = 16 << 20,
        stringBytes: Int = 8 << 10,
        deadline: Duration? = .milliseconds(50)
    ) {
        self.instructions = instructions
        self.steps = steps
        self.memoryBytes = memoryBytes
        self.stringBytes = stringBytes
        self.deadline = deadline
    }

    /// The deadline in nanoseconds, 0 for none.
    var deadlineNanoseconds: Int64 {
        guard let deadline else { return 0 }
        let (seconds, attoseconds) = deadline.components
        return max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
