/// The budgets of one Lua state. Each is enforced while rule code runs; host marshaling is
/// never refused.
///
/// In ``LuaBudgetMode/counted`` mode the outcome of a call depends only on the code, its inputs
/// and these limits: the counted budgets (instructions, steps, memory, string length) end every
/// call that would run away, and the deadline is a far backstop whose error says that the
/// machine decided (``LuaBudget/dependsOnMachine``).
public struct LuaLimits: Sendable, Hashable {
    /// Lua VM instructions per call (each `call` and each loaded chunk gets a fresh allowance,
    /// except inside `LuaState.withSharedBudget(_:)`, where one allowance covers every call).
    public var instructions: Int
    /// Units of C library work per call; see ``LuaBudget/steps(_:)``.
    public var steps: Int
    /// Bytes live in the state while rules run.
    public var memoryBytes: Int
    /// The longest string a rule may build, in bytes.
    public var stringBytes: Int
    /// CPU time one top-level call may take (the calling thread's, on Linux; wall time
    /// elsewhere); nil for none. A watchdog thread stops the call at its next instruction.
    /// Counted, a backstop against work no counted budget reaches (``backstop``); serving, the
    /// guard against a runaway rule (``servingDeadline(for:)``). Whole milliseconds.
    public var deadline: Duration?
    /// Whether instructions are counted as calls run (see ``LuaBudgetMode``).
    public var mode: LuaBudgetMode

    /// Counted budgets: a million instructions, two million steps, 16 MiB, strings of 8 KiB and
    /// the ``backstop`` deadline unless given.
    public init(
        instructions: Int = 1_000_000,
        steps: Int = 2_000_000,
        memoryBytes: Int = 16 << 20,
        stringBytes: Int = 8 << 10,
        deadline: Duration? = LuaLimits.backstop,
        mode: LuaBudgetMode = .counted
    ) {
        self.instructions = instructions
        self.steps = steps
        self.memoryBytes = memoryBytes
        self.stringBytes = stringBytes
        self.deadline = deadline
        self.mode = mode
    }

    /// The counted mode's deadline: 5 s of CPU time. Far past what the counted budgets allow:
    /// the costliest call within the default budgets (``costPerInstruction``,
    /// ``costPerStep``) took 0.26 s here and 2.4 s under `valgrind --tool=none`, where every
    /// instruction runs many times slower; so it ends only work that no counted budget reaches.
    public static let backstop: Duration = .seconds(5)

    /// The most CPU time one VM instruction was measured to take when its work is bounded by
    /// the other limits (comparing two strings of 8 KiB, the longest, at 0.27 µs), rounded up.
    /// See the manual's SandboxAndBudgets article.
    public static let costPerInstruction: Duration = .nanoseconds(300)
    /// The most CPU time one step of C work was measured to take, over every kind of work the
    /// step budget charges, rounded up.
    public static let costPerStep: Duration = .nanoseconds(20)

    /// Serving budgets: the same budgets as `counted`, without counting instructions, and a
    /// deadline of ``servingDeadline(for:)`` unless `deadline` is given.
    public static func serving(_ counted: LuaLimits = LuaLimits(), deadline: Duration? = nil) -> LuaLimits {
        var limits = counted
        limits.mode = .serving
        limits.deadline = deadline ?? servingDeadline(for: counted)
        return limits
    }

    /// CPU time a serving call may take so that no call that passes `counted` is stopped while
    /// serving on a machine up to five times slower: five times the most a call within the
    /// counted instruction and step budgets can cost (``costPerInstruction`` per instruction
    /// plus ``costPerStep`` per step), in whole milliseconds. The defaults give 1.7 s.
    public static func servingDeadline(for counted: LuaLimits) -> Duration {
        let costliest = costPerInstruction * counted.instructions + costPerStep * counted.steps
        return .milliseconds((costliest * 5).inMillisecondsRoundedUp)
    }

    /// The deadline in nanoseconds, 0 for none.
    var deadlineNanoseconds: Int64 {
        deadline?.inNanoseconds ?? 0
    }
}

/// The one conversion of a `Duration` into the units the host's clocks, waits and C functions
/// take. Every layer above reads durations through these.
extension Duration {
    /// In seconds, as a `Double` (for rates, logs and `Date` arithmetic).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// In whole nanoseconds, cut toward zero; 0 for a negative duration.
    public var inNanoseconds: Int64 {
        max(0, components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000)
    }

    /// In whole milliseconds, rounded up so that a wait or a deadline is never cut short; 0 for
    /// a negative duration.
    public var inMillisecondsRoundedUp: Int64 {
        max(0, components.seconds * 1000 + (components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}

// MARK: - LuaBudgetMode

/// How a state enforces its instruction budget while calls run.
public enum LuaBudgetMode: Sendable, Hashable {
    /// Every VM instruction is counted (Lua's count hook traps each one): the instruction budget
    /// ends a call at the same instruction on every run and machine. For tests, checks, CI,
    /// golden runs and benchmarks; the deadline, when set, also applies.
    case counted
    /// No hook while a call runs: the VM runs at full speed and instructions are not counted.
    /// The deadline is the guard against a rule that runs away: when a call overstays it, the
    /// watchdog arms the hook and the call stops at its next instruction. The step, memory and
    /// string budgets apply as when counted. A state without a deadline (or where the watchdog
    /// cannot run) counts instead.
    case serving
}
