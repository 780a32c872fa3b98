import Foundation
import Lua

extension Presenter {
    /// Whether the presenter was set up with `explains` (and ``explain(_:)`` may run).
    public var explains: Bool { recorder != nil }

    /// Presents a fixture and says why it came out as it did: which decision-table rows matched
    /// and the values they compared, why fields were dropped from placements, why colours fell
    /// back, and the rules' own `note(...)` calls, each at the rule line that wrote it. Needs a
    /// presenter set up with `explains`.
    public func explain(_ fixture: Fixture) throws(PresentationError) -> (presentation: Presentation, explanation: Explanation) {
        try explaining { () throws(PresentationError) in
            try evaluate(fixture.attributes, fixture.state, fixture.now, fixture.previousPhase)
        }
    }

    /// Presents the app's own typed state as ``present(attributes:state:now:previousPhase:)`` does
    /// and says why, as ``explain(_:)`` does. Needs a presenter set up with `explains`.
    public func explain<Attributes: Encodable, State: Encodable>(
        attributes: Attributes, state: State, now: Date, previousPhase: String? = nil
    ) throws(PresentationError) -> (presentation: Presentation, explanation: Explanation) {
        try explaining { () throws(PresentationError) in
            try evaluate(attributes, state, now.timeIntervalSince1970, previousPhase)
        }
    }

    /// Runs `present` (which resets the recorder first) and pairs its result with what was recorded.
    private func explaining(
        _ present: () throws(PresentationError) -> Presentation
    ) throws(PresentationError) -> (presentation: Presentation, explanation: Explanation) {
        guard let recorder else { preconditionFailure("explain needs a presenter set up with explains: true") }
        let presentation = try present()
        return (presentation, Explanation(entries: recorder.entries))
    }

    /// The rules (by stage name) each wrapped to tell `recorder` its stage before it runs, and
    /// where each rule function is written, for entries that no rule line is on the stack for.
    static func explaining(_ rules: [String: LuaRef], in lua: LuaState, recorder: ExplanationRecorder)
        throws(LuaError) -> [String: LuaRef] {
        let wrap = try lua.run("""
            local enter = liverules_host_explain_stage
            return function(stage, rule)
              return function(...)
                enter(stage)
                return rule(...)
              end
            end
            """, chunkName: "liverules/explain-stage.lua", returning: LuaRef.self)
        var wrapped: [String: LuaRef] = [:]
        for (name, rule) in rules {
            guard let stage = RuleStage(rawValue: name) else { continue }
            recorder.definitions[stage] = lua.definition(of: rule)
            wrapped[name] = try lua.call(wrap, name, rule, returning: LuaRef.self)
        }
        return wrapped
    }
}
