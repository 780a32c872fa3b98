import CLuaShim

extension LuaState {
    /// Whether calls count their instructions exactly (``instructionsOfLastCall``). Metering
    /// runs the count hook on every instruction: several times slower; for benchmarks and
    /// tools, never for serving.
    public var metersInstructions: Bool {
        get { context.pointee.metering != 0 }
        set { context.pointee.metering = newValue ? 1 : 0 }
    }

    /// Lua VM instructions the last top-level call ran, while metering; nil otherwise.
    public var instructionsOfLastCall: Int? {
        guard metersInstructions else { return nil }
        return Int(context.pointee.instruction_limit - context.pointee.instructions_left)
    }
}
