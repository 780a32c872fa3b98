import Lua

/// What `liverules.explain` takes from the host: whether it explains, and where records go.
extension HostFunctions {
    /// Registers the explain host functions in `lua`:
    /// - `liverules_host_explains() -> boolean`: whether `recorder` is set; the helpers record
    ///   nothing (and build nothing to record with) when it is not;
    /// - with a recorder, `liverules_host_explain(entry)`: records `entry` (a table with the
    ///   members of ``ExplanationEntry`` but `stage`; `output = ""` for the stage's own),
    ///   located from the stack it is called on;
    /// - with a recorder, `liverules_host_explain_rows(count) -> file, lines`: where the rows of the
    ///   decision table being built are written (``ExplanationRecorder/rows(count:callers:)``).
    /// Each charges the calling rule's step budget for the stack it reads and what it records.
    static func installExplain(in lua: LuaState, recorder: ExplanationRecorder?) {
        lua.register("liverules_host_explains") { call in
            try call.return(recorder != nil)
        }
        guard let recorder else { return }
        lua.register("liverules_host_explain") { call in
            let entry = try call.argument(1, as: ExplanationEntry.self)
            let callers = call.callers()
            call.charge(explainSteps + callers.count * 16 + entry.summary.utf8.count)
            recorder.record(entry, callers: callers)
        }
        lua.register("liverules_host_explain_stage") { call in
            recorder.stage = RuleStage(rawValue: try call.argument(1, as: String.self))
        }
        lua.register("liverules_host_explain_rows") { call in
            let count = try call.argument(1, as: Int.self)
            let callers = call.callers()
            let (file, lines) = recorder.rows(count: count, callers: callers)
            call.charge(explainSteps + (file.flatMap { recorder.sourceLength(of: $0) } ?? 0))
            try call.return(file)
            try call.return(lines)
        }
    }

    /// Steps one explain record costs besides what it reads: about a microsecond of work.
    static let explainSteps = 64
}
