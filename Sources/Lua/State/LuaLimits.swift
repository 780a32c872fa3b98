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
    /// Whether instructions are counted as calls run (see ``LuaBudgetMode``).
    public var mode: LuaBudgetMode

    /// Counted budgets: a million instructions, two million steps, 16 MiB, strings of 8 KiB and
    /// 50 ms of CPU time per call unless given.
    public init(
        instructions: Int = 1_000_000,
        steps: Int = 2_000_000,
        memoryBytes: Int = 16 << 20,
        stringBytes: Int = 8 << 10,
        deadline: Duration? = .milliseconds(50),
        mode: LuaBudgetMode = .counted
    ) {
        self.instructions = instructions
        self.steps = steps
        self.memoryBytes = memoryBytes
        self.stringBytes = stringBytes
        self.deadline = deadline
        self.mode = mode
    }

    /// Serving budgets: the same budgets as `counted`, without counting instructions, and a
    /// deadline of ``servingDeadline(for:)`` unless `deadline` is given.
    public static func serving(_ counted: LuaLimits = LuaLimits(), deadline: Duration? = nil) -> LuaLimits {
        var limits = counted
        limits.mode = .serving
        limits.deadline = deadline ?? servingDeadline(for: counted)
        return limits
    }

    /// CPU time a serving call may take so that no call that passes `counted` is ever stopped
    /// while serving: five times the counted deadline (or, without one, five times 250 ns per
    /// budgeted instruction, above the most any kind of VM instruction was measured to cost
    /// with the count hook on). A call that passes `counted` used at most the counted deadline
    /// of CPU time; serving runs the same instructions without the hook, so never slower; the
    /// factor of five covers a slower or throttled core. The defaults give 250 ms.
    public static func servingDeadline(for counted: LuaLimits) -> Duration {
        (counted.deadline ?? .nanoseconds(250) * counted.instructions) * 5
    }

    /// The deadline in nanoseconds, 0 for none.
    var deadlineNanoseconds: Int64 {
        guard let deadline else { return 0 }
        let (seconds, attoseconds) = deadline.components
        return max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
