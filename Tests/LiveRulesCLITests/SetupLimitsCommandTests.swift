import Foundation
import Testing
import TestPacks

/// `liverules eval` on a copy of the meetings pack with hostile Lua files: each ends in one line
/// naming the file, before the work it would cost runs (refused past the size limit) or within
/// the one budget of the pack's setup.
@Suite struct SetupLimitsCommandTests {
    static let ruleFiles = ["phase.lua", "badge.lua", "relevance.lua", "layout.lua", "palette.lua", "timing.lua", "badges.lua", "content.lua"]

    /// `liverules eval` of the done fixture on a copy of the meetings pack with `files` written;
    /// where GNU time is installed, the run must stay under 64 MiB resident.
    private func eval(_ files: [String: String]) throws -> CLI.Outcome {
        let root = try CLI.copyOfPack("meetings", files: files)
        defer { try? FileManager.default.removeItem(at: root) }
        let arguments = ["eval", "rules/meetings", "rules/meetings/fixtures/done.json"]
        guard MeasuredRun.isAvailable else { return try CLI.run(arguments, in: root) }
        let run = try MeasuredRun.run(arguments, in: root)
        #expect(run.peakResidentBytes < 64 << 20, "\(run.peakResidentBytes) bytes resident")
        return CLI.Outcome(status: run.status, output: run.output, errors: run.errors)
    }

    /// Each bundled file with `line` put first.
    private func prefixed(_ line: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for file in Self.ruleFiles {
            files[file] = line + "\n" + (try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/\(file)"), encoding: .utf8))
        }
        return files
    }

    /// A counter a factory made while the pack loaded, or an iterator kept from then, would
    /// make each case's result depend on the cases before it: `eval` and `test` both refuse the
    /// pack, naming the line.
    @Test(arguments: [
        ("local tick = (function() local n = 0 return function() n = n + 1 return n end end)()",
         "rules/meetings/badge.lua:1:1: error: a function made while the pack loaded (kept in 'tick') assigns 'n'"),
        ("local word = string.gmatch('a b c d e f g h', '%a')",
         "rules/meetings/badge.lua:7:1: error: the function defined here keeps 'word', an iterator"),
    ])
    func stateKeptPastLoadingFailsEvalAndTest(prelude: String, error: String) throws {
        let badge = try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/badge.lua"), encoding: .utf8)
            .replacingOccurrences(of: "return { text = case.text,", with: "return { text = case.text .. tostring(\(prelude.hasPrefix("local tick") ? "tick()" : "word()")),")
        let files = ["badge.lua": prelude + "\n" + badge]
        let outcome = try eval(files)
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix(error), "\(outcome.errors)")
        let root = try CLI.copyOfPack("meetings", files: files)
        defer { try? FileManager.default.removeItem(at: root) }
        let test = try CLI.run(["test", "rules/meetings"], in: root)
        #expect(test.status == 1)
        #expect(test.output.contains(String(error.dropFirst("rules/meetings/".count).prefix(40))), "\(test.output)")
        #expect(!test.output.contains("passed, 0 failed"))
    }

    @Test func aRuleFileOverTheLimitIsRefusedBeforeItIsCompiled() throws {
        let chain = "local a\nreturn a" + String(repeating: " and a", count: 60_000) + "\n"
        let outcome = try eval(["badge.lua": chain])
        #expect(outcome.status == 1)
        #expect(outcome.errors == "rules/meetings/badge.lua:1:1: error: the file has \(chain.utf8.count) bytes; "
            + "a rule file or module may have at most 16384 (16 KiB)\n")
        #expect(outcome.output.isEmpty)
    }

    @Test func recursionAtLoadInEveryFileEndsTheSetupOnce() throws {
        let outcome = try eval(try prefixed("local function f(n) return f(n + 1) + 1 end f(1)"))
        #expect(outcome.status == 1)
        #expect(outcome.errors == "rules/meetings/phase.lua:1:1: error: memory budget of 16777216 bytes exceeded\n")
    }

    @Test func anEndlessLoopAtLoadInEveryFileEndsTheSetupOnce() throws {
        let outcome = try eval(try prefixed("while true do end"))
        #expect(outcome.status == 1)
        #expect(outcome.errors == "rules/meetings/phase.lua:1:1: error: instruction budget of 1000000 instructions exceeded\n")
    }

    @Test func modulesCostlyToCompileEndInTheSetupsStepBudget() throws {
        let costly = "return{}" + String(repeating: "or{}", count: (16384 - 8) / 4)
        var files: [String: String] = [:]
        let modules = (0..<12).map { "costly\($0)" }
        for module in modules { files[module + ".lua"] = costly }
        let phase = try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/phase.lua"), encoding: .utf8)
        files["phase.lua"] = modules.map { "require '\($0)'\n" }.joined() + phase
        let outcome = try eval(files)
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("rules/meetings/phase.lua:"), "\(outcome.errors)")
        #expect(outcome.errors.hasSuffix(": error: C work budget of 2000000 steps exceeded\n"), "\(outcome.errors)")
        #expect(outcome.errors.split(separator: "\n").count == 1)
    }

    /// Failing modules that require each other (2^23 runs if every failure ran again) cost one
    /// run each: the pack presents as the bundled one does.
    @Test func failingModulesRequiredOnEveryPathRunOnce() throws {
        let modules = (0..<24).map { "m\($0)" }
        var files = try prefixed("pcall(require, 'm0')")
        for (index, module) in modules.enumerated() {
            files[module + ".lua"] = modules[(index + 1)...].map { "pcall(require, '\($0)')\n" }.joined()
                + "local s = 0 for i = 1, 2000 do s = s + i end\nerror('\(module) fails')\n"
        }
        let outcome = try eval(files)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == (try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/golden/done.json"), encoding: .utf8)))
    }
}
