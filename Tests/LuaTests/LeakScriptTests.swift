import Foundation
import Testing
@testable import Lua

/// The leak corpus (`Resources/leaks`): scripts that try to make what a rule returns depend on
/// something other than its input — the order of a seeded hash, an address, the collector, a
/// clock, a counter kept from an earlier call. Each must give the same result in every fresh
/// state, and the result its header declares: a returned string, or the error that refuses the
/// attempt. Pack modules the scripts require live in `Resources/leaks/modules`.
@Suite(.serialized) struct LeakScriptTests {
    /// How many fresh states each script runs in. Lua seeds a state's string hashes from the
    /// state's address (and the time), so states alive at the same time hash differently.
    static let stateCount = 20

    @Test func theCorpusIsLargeAndEveryHeaderIsValid() throws {
        #expect(LeakScript.names.count >= 12)
        for name in LeakScript.names {
            #expect(throws: Never.self, "\(name)") { try LeakScript(named: name) }
        }
    }

    @Test(arguments: LeakScript.names)
    func givesOneResultInEveryFreshState(name: String) throws {
        let script = try LeakScript(named: name)
        let folder = try #require(LeakScript.folder)
        // All alive at once, so that no state reuses the address (and so the seed) of another.
        let states = try (0..<Self.stateCount).map { _ in try Self.freshState(modules: folder) }
        var results: [LeakResult] = []
        for state in states {
            results.append(run(script, on: state))
            #expect(state.stackDepth == 0)
        }

        let distinct = Set(results.map(\.description))
        #expect(distinct.count == 1, "\(name) gave \(distinct.count) different results: \(distinct.sorted())")
        let first = try #require(results.first)
        #expect(script.expected.matches(first), "expected \(script.expected), got \(first)")
        if case .returned(let text) = first {
            #expect(!text.contains(": 0x"), "\(name) returned an address: \(text)")
        }
    }

    /// A state with default limits whose modules come from `folder` (named `leaks/...` in
    /// errors), its globals sealed as after a pack has loaded.
    private static func freshState(modules folder: URL) throws -> LuaState {
        let state = try LuaState(sandbox: LuaSandbox(moduleRoot: folder, chunkPrefix: "leaks"))
        try state.sealGlobals()
        return state
    }

    /// Loads and calls `script` on `state`; returns the string it returned or the error it
    /// ended in.
    private func run(_ script: LeakScript, on state: LuaState) -> LeakResult {
        do throws(LuaError) {
            let chunk = try state.load(script.source, chunkName: script.chunkName)
            return .returned(try state.call(chunk, returning: String.self))
        } catch {
            return .failed(error)
        }
    }
}

/// What one run of a leak script gave.
private enum LeakResult: CustomStringConvertible {
    case returned(String)
    case failed(LuaError)

    var description: String {
        switch self {
        case .returned(let text): "returned \"\(text)\""
        case .failed(let error): "failed: \(error)"
        }
    }
}

/// One script of the leak corpus: its source and the result its header declares.
private typealias LeakScript = CorpusScript<LeakOutcome>

extension LeakScript {
    static var names: [String] { scriptNames(in: "leaks") }
    /// The corpus folder, also the module folder the scripts require from.
    static var folder: URL? { folderURL(of: "leaks") }

    init(named name: String) throws {
        try self.init(named: name, in: "leaks")
    }
}

/// The result a leak script must give in every state.
private enum LeakOutcome: CorpusOutcome, CustomStringConvertible {
    /// It returns a string (the same one in every state).
    case deterministic
    /// The attempt is refused: a runtime error whose message contains the text.
    case runtime(containing: String)

    /// Parses `deterministic` or `runtime: <substring>`; nil for anything else.
    init?(_ header: Substring) {
        if header == "deterministic" {
            self = .deterministic
        } else if header.hasPrefix("runtime: "), header.count > "runtime: ".count {
            self = .runtime(containing: String(header.dropFirst("runtime: ".count)))
        } else {
            return nil
        }
    }

    /// Whether `result` is this outcome.
    func matches(_ result: LeakResult) -> Bool {
        switch (self, result) {
        case (.deterministic, .returned): true
        case (.runtime(let text), .failed(.runtime(let message, _, _))): message.contains(text)
        default: false
        }
    }

    var description: String {
        switch self {
        case .deterministic: "a returned string"
        case .runtime(let text): "runtime error containing \"\(text)\""
        }
    }
}
