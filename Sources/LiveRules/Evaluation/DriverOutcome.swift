import Lua

/// What the driver returned: the rules' output, or why it stopped before running them all.
enum DriverOutcome {
    case presented(PresentationOutput)
    /// `stage` is nil when an input did not match the schema, else the rule that misbehaved.
    case rejected(stage: RuleStage?, problem: String)

    /// Reads the driver's result: `{ problem = …, stage = … }`, or the presentation.
    init(reading result: LuaTableReader) throws(LuaError) {
        if result.has("problem") {
            self = .rejected(stage: try result.optionalString("stage").flatMap(RuleStage.init(rawValue:)),
                             problem: try result.string("problem"))
        } else {
            self = .presented(try PresentationOutput(reading: result))
        }
    }
}
