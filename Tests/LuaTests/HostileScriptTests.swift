import Foundation
import TestPacks
import Testing
import HostileCorpus
@testable import Lua

/// The hostile-script corpus (`Resources/hostile`): every script must end in the error its header
/// declares and leave the state able to run the pack's rule. Nothing here depends on speed: a
/// script declared to end in a counted budget runs under the default limits, whose deadline is a
/// far backstop; one declared to end at the deadline does work no counted budget reaches, and
/// runs with a deadline of 20 ms, a small fraction of the CPU time its counted budgets would
/// allow (each header says how much; Benchmarks/scripts/slow-machine-check.sh checks both under valgrind).
@Suite(.serialized) struct HostileScriptTests {
    @Test func theCorpusIsLargeAndEveryHeaderIsValid() throws {
        #expect(HostileScript.names.count >= 150)
        for name in HostileScript.names {
            #expect(throws: Never.self, "\(name)") { try HostileScript(named: name) }
        }
    }

    @Test(arguments: HostileScript.names)
    func endsInItsDeclaredErrorAndLeavesTheStateUsable(name: String) throws {
        let script = try HostileScript(named: name)
        let pack = try Pack()
        defer { pack.remove() }
        let state = try pack.loadedState(limits: script.expected.limits)

        expectOutcome(run(script, on: state), of: script)
        try expectPresentsAsBefore(state)
    }

    /// Serving (no instruction counting) every script still ends, in its declared error or,
    /// where that was the instruction budget or the deadline, in a budget error (the deadline,
    /// or steps or memory reached first in the longer run), and leaves the state able to run the
    /// rule. Scripts that only the deadline can stop serving (declared to end in instructions
    /// or at the deadline: loops that never end) get 20 ms; the others the default serving
    /// deadline, far past what their counted budgets allow.
    @Test(arguments: HostileScript.names)
    func endsServingAndLeavesTheStateUsable(name: String) throws {
        let script = try HostileScript(named: name)
        let pack = try Pack()
        defer { pack.remove() }
        let state: LuaState
        switch script.expected {
        case .budget(.instructions), .budget(.deadline):
            state = try pack.loadedState(limits: .serving(script.expected.limits, deadline: .milliseconds(20)))
            let error = run(script, on: state)
            switch error {
            case .budget?, .memory?: break
            default: Issue.record("\(name): expected a budget error serving, got \(String(describing: error))")
            }
        default:
            state = try pack.loadedState(limits: .serving(script.expected.limits))
            expectOutcome(run(script, on: state), of: script)
        }
        try expectPresentsAsBefore(state)
    }

    /// With coverage recorded the budgets work as without: every script ends in its declared
    /// error, and the rule run afterwards is recorded line by line.
    @Test(arguments: HostileScript.names)
    func endsInItsDeclaredErrorWithCoverageOn(name: String) throws {
        let script = try HostileScript(named: name)
        let pack = try Pack()
        defer { pack.remove() }
        let state = try pack.loadedState(limits: script.expected.limits)
        state.recordsCoverage = true

        expectOutcome(run(script, on: state), of: script, coverage: true)
        state.resetCoverage()
        try expectPresentsAsBefore(state)
        // Two turns of the loop: the second meeting is live.
        #expect(state.coverage() == ["pack/rule.lua": [3: 2, 4: 2, 6: 2, 7: 1, 8: 1], "pack/util.lua": [2: 1]])
    }

    /// Expects the state's stack empty, and the rule to present the day as it does in a state
    /// no script ran in.
    private func expectPresentsAsBefore(_ state: LuaState) throws {
        #expect(state.stackDepth == 0)
        let present = try #require(state.global("present"))
        let presentation = try state.call(present, Pack.day, Pack.now, returning: Presentation.self)
        #expect(presentation == Pack.expected)
        #expect(state.stackDepth == 0)
    }

    /// Expects `error` to be the outcome `script` declares, located in the script where Lua can
    /// know the position. With coverage the deadline stretches tenfold (the line hook slows
    /// every instruction, not C work), so a script that ends at the deadline without coverage
    /// may run out of a counted budget first with it.
    private func expectOutcome(_ error: LuaError?, of script: HostileScript, coverage: Bool = false) {
        guard let error else {
            Issue.record("\(script.name) returned instead of failing")
            return
        }
        if coverage, case .budget(.deadline) = script.expected, case .budget = error {
        } else {
            #expect(script.expected.matches(error), "expected \(script.expected), got \(error)")
        }
        if let file = script.expectedFile(for: error) {
            #expect(error.location?.file == file, "location of \(error)")
        }
    }

    /// Loads and calls `script` on `state`; returns the error it ended in, nil if it returned.
    private func run(_ script: HostileScript, on state: LuaState) -> LuaError? {
        do throws(LuaError) {
            let chunk = try state.load(script.source, chunkName: script.chunkName)
            try state.call(chunk)
            return nil
        } catch {
            return error
        }
    }
}

/// One script of the corpus: its source and the error its header declares.
private typealias HostileScript = CorpusScript<HostileOutcome>

extension HostileScript {
    static var names: [String] { scriptNames(in: "hostile") }

    init(named name: String) throws {
        try self.init(named: name, in: "hostile")
    }

    /// The file `error` must be located in: this script, or nil where Lua cannot know the
    /// position (error values that are not strings; the parser's C stack limit).
    func expectedFile(for error: LuaError) -> String? {
        if error.message.hasPrefix("(error object is a ") { return nil }
        if case .syntax("C stack overflow", _) = error { return nil }
        return chunkName
    }
}

extension HostileOutcome: CorpusOutcome {}

/// ``HostilePack`` as rules see it: a module folder holding `util.lua`, and its rule.
private struct Pack {
    let folder: URL

    /// Three meetings; `now` falls in the second.
    static let day = Day(meetings: [
        Meeting(start: 900, end: 1800),
        Meeting(start: 3600, end: 5400),
        Meeting(start: 7200, end: 9000),
    ])
    static let now = 4000
    static let expected = Presentation(phase: "live", badge: .init(text: "2 of 3, 23 min left", tone: "alert"))

    /// Creates the module folder in a fresh temporary directory.
    init() throws {
        folder = TemporaryFolder.path("hostile-pack")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try HostilePack.util.write(to: folder.appendingPathComponent("util.lua"), atomically: true, encoding: .utf8)
    }

    /// A state with default limits over this folder, the rule run and the globals sealed.
    func loadedState(limits: LuaLimits) throws -> LuaState {
        let state = try LuaState(limits: limits, sandbox: LuaSandbox(moduleRoot: folder, chunkPrefix: "pack"))
        try state.run(HostilePack.rule, chunkName: "pack/rule.lua")
        try state.sealGlobals()
        return state
    }

    /// Deletes the folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// One meeting of the rule's input, in seconds of the day.
private struct Meeting: Codable {
    let start: Int
    let end: Int
}

/// The state `present` receives.
private struct Day: Codable {
    let meetings: [Meeting]
}

/// What `present` returns.
private struct Presentation: Codable, Equatable {
    struct Badge: Codable, Equatable {
        let text: String
        let tone: String
    }

    let phase: String
    let badge: Badge
}
