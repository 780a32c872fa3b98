import CLuaShim

extension LuaState {
    /// Runs `body` with one allowance of every counted budget (instructions, steps) for all the
    /// calls and loads in it, as one top-level call would have: what one spends, the next cannot
    /// (a budget that ran out stays spent), and instructions are counted even in
    /// ``LuaBudgetMode/serving`` mode, so the outcome is the same in both. Memory is the state's
    /// cap throughout; the deadline, a backstop, stays per call. For work that is one job however
    /// many chunks it takes, such as setting up a pack: its rule files, the modules they require
    /// and the pack's compiles (see ``load(_:chunkName:pure:)``).
    ///
    /// Inside another `withSharedBudget`, or inside a call, `body` runs under the budget in force.
    public func withSharedBudget<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        let holding = lrs_holdbudgets(L) != 0
        defer { if holding { lrs_releasebudgets(L) } }
        return try body()
    }

    /// Runs `body` with every top-level call in it under `deadline` instead of the state's own
    /// (``LuaLimits/deadline``), for a caller that will not wait as long: one that runs the call
    /// again elsewhere if it overstays. The watchdog ticks every 5 ms, so a call is stopped up to
    /// that much after its deadline. A state without a deadline keeps none; the error names the
    /// deadline that stopped the call.
    public func withDeadline<R, E: Error>(_ deadline: Duration, _ body: () throws(E) -> R) throws(E) -> R {
        let own = context.pointee.deadline_ns
        guard own > 0 else { return try body() }
        context.pointee.deadline_ns = max(1, deadline.inNanoseconds)
        defer { context.pointee.deadline_ns = own }
        return try body()
    }

    /// Whether the last top-level call was stopped by its deadline.
    public var lastCallOverstayed: Bool {
        lrs_exceeded(UInt32(context.pointee.exceeded)) == LRS_EXCEEDED_DEADLINE
    }
}

// MARK: - Metering

extension LuaState {
    /// Whether calls count their instructions exactly (``instructionsOfLastCall``). Metering
    /// runs the count hook on every instruction: several times slower; for benchmarks and
    /// tools, never for serving.
    public var metersInstructions: Bool {
        get { context.pointee.metering != 0 }
        set { context.pointee.metering = newValue ? 1 : 0 }
    }

    /// Lua VM instructions the last top-level call charged to its budget, while metering: those
    /// it ran since its last fresh allowance (`lrs_freshinstructions`); nil otherwise.
    public var instructionsChargedByLastCall: Int? {
        guard metersInstructions else { return nil }
        return Int(context.pointee.instruction_limit - context.pointee.instructions_left)
    }

    /// Units of C work the last top-level call charged to its steps budget (since its last
    /// fresh allowance).
    public var stepsOfLastCall: Int {
        Int(context.pointee.step_limit - context.pointee.steps_left)
    }

    /// Lua VM instructions the last top-level call ran, while metering; nil otherwise.
    public var instructionsOfLastCall: Int? {
        guard metersInstructions else { return nil }
        return Int(context.pointee.instructions_before + context.pointee.instruction_limit - context.pointee.instructions_left)
    }
}
