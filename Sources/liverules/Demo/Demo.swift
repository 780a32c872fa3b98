import ArgumentParser
import Foundation
import LiveRulesExamples
import Lua

/// Evaluates each bundled pack's `rule.lua` on every fixture of the pack and prints the phase,
/// badge and relevance. Exit status: 0 all evaluated; 1 a rule failed; 2 unreadable input.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate the bundled rules on their fixtures (phase, badge, relevance).")

    @Argument(help: "The folder holding the rule packs.")
    var rules = "rules"

    func run() throws {
        let packs = try FileManager.default.contentsOfDirectory(atPath: rules).sorted()
            .filter { FileManager.default.fileExists(atPath: "\(rules)/\($0)/rule.lua") }
        guard !packs.isEmpty else { throw failure(2, "\(rules): error: no pack with a rule.lua") }
        var failed = false
        for pack in packs {
            failed = try evaluate(pack: "\(rules)/\(pack)") || failed
        }
        if failed { throw ExitCode(1) }
    }

    /// Evaluates one pack; returns whether any fixture failed.
    private func evaluate(pack: String) throws -> Bool {
        let folder = URL(fileURLWithPath: pack)
        let state = try LuaState(sandbox: LuaSandbox(moduleRoot: folder, chunkPrefix: pack, log: { print($0) }))
        let present: LuaRef
        do {
            let source = try String(contentsOf: folder.appendingPathComponent("rule.lua"), encoding: .utf8)
            try state.run(source, chunkName: "\(pack)/rule.lua")
            try state.sealGlobals()
            guard let function = state.global("present") else {
                throw failure(1, "\(pack)/rule.lua: error: the rule defines no global function 'present'")
            }
            present = function
        } catch let error as LuaError {
            throw failure(1, error.description)
        }
        print(pack)
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: "\(pack)/fixtures")
            .filter { $0.hasSuffix(".json") }.sorted()
        var failed = false
        for name in fixtures {
            let path = "\(pack)/fixtures/\(name)"
            let fixture: MeetingsFixture
            do {
                fixture = try MeetingsFixture.load(from: URL(fileURLWithPath: path))
            } catch {
                throw failure(2, "\(path): error: \(error)")
            }
            do {
                let result = try state.call(present, fixture.state, fixture.now, returning: PhaseSummary.self)
                let badge = "\"\(result.badge.text)\" \(result.badge.tone)"
                print("  \(name.padding(toLength: 36, withPad: " ", startingAt: 0)) \(result.phase.padding(toLength: 10, withPad: " ", startingAt: 0)) \(badge.padding(toLength: 28, withPad: " ", startingAt: 0)) relevance \(Int(result.relevance.score))")
            } catch {
                print("  \(name): \(error)")
                failed = true
            }
        }
        return failed
    }

    /// Prints `message` to standard error and returns the exit code to throw.
    private func failure(_ code: Int32, _ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode(code)
    }
}
