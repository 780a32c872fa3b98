import Foundation
import HostileCorpus
import Lua

/// One script of a hostile corpus: its source and the outcome its header declares (nil when
/// the header is malformed).
struct HostileScript {
    let name: String
    let source: String
    let expected: HostileOutcome?

    /// Every `.lua` file of `folder`, sorted by name; empty when there is none.
    static func all(in folder: String) throws -> [HostileScript] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".lua") }.sorted()
        return try names.map { name in
            let source = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            return HostileScript(name: name, source: source, expected: CorpusHeader.outcome(of: source).flatMap(HostileOutcome.init))
        }
    }

    /// How errors name the script.
    var chunkName: String { "hostile/" + name }

    /// A state as the tests give each script: its header's limits (the defaults when it has
    /// none), a pack's rule `present` run over a `util` module, and the globals sealed.
    func preparedState() throws -> LuaState {
        let sandbox = LuaSandbox(modules: ["util.lua": HostilePack.util], chunkPrefix: "pack")
        let state = try LuaState(limits: expected?.limits ?? LuaLimits(), sandbox: sandbox)
        try state.run(HostilePack.rule, chunkName: "pack/rule.lua")
        try state.sealGlobals()
        return state
    }

    /// Loads and calls the script on `state`; returns the error it ended in, nil if it returned.
    func run(on state: LuaState) -> LuaError? {
        do throws(LuaError) {
            try state.call(try state.load(source, chunkName: chunkName))
            return nil
        } catch {
            return error
        }
    }
}
