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
