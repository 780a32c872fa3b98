import Lua

/// What the driver returned: what the rules returned, or why an input never reached them.
enum DriverOutcome {
    /// The rules' output, read; `OutputProblem` when it does not fit the presentation vocabulary.
    case presented(Result<PresentationOutput, OutputProblem>)
    /// An input did not match the schema: where (0-based indices, as in the input) and what.
    case rejected(path: String, problem: String)

    /// Reads the driver's result: `{ path = …, problem = … }`, or the rules' output (with each
    /// field's measured slot when `readsSlots`).
    init(reading result: LuaTableReader, phases: [String], readsSlots: Bool) throws(LuaError) {
        if result.has("problem") {
            self = .rejected(path: try result.string("path"), problem: try result.string("problem"))
        } else {
            do throws(OutputProblem) {
                self = .presented(.success(try PresentationOutput(reading: result, phases: phases, readsSlots: readsSlots)))
            } catch {
                self = .presented(.failure(error))
            }
        }
    }
}
