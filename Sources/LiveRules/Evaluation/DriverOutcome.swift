import Lua

/// What the driver returned: what the rules returned, or why an input never reached them.
enum DriverOutcome {
    /// The rules' output, read; `OutputProblem` when it does not fit the presentation vocabulary.
    case presented(Result<PresentationOutput, OutputProblem>)
    /// The rules' output, read and checked in one pass by an ``OutputReader``.
    case checked(Presentation)
    /// An input did not match the schema: where (0-based indices, as in the input) and what.
    case rejected(path: String, problem: String)

    /// Reads the driver's result: `{ path = …, problem = … }` (the host's own words), or the
    /// rules' output for `manifest`'s pack.
    /// A `fast` reader reads a good output in one pass, checked at `now` (Unix seconds); what it
    /// cannot read is read field by field.
    init(reading result: LuaTableReader, manifest: PackManifest, fast: OutputReader? = nil, now: Double) throws(LuaError) {
        if let presentation = fast?.presentation(of: result, now: now) {
            self = .checked(presentation)
        } else if result.has("problem") {
            self = .rejected(path: try result.string("path"), problem: try result.string("problem"))
        } else {
            do throws(OutputProblem) {
                self = .presented(.success(try PresentationOutput(reading: result, phases: manifest.phases, fieldIds: manifest.fields.count)))
            } catch {
                self = .presented(.failure(error))
            }
        }
    }
}
