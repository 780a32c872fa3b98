import Foundation
@testable import LiveRules
import Lua
import TestPacks
import Testing

/// While a pack loads its globals are guarded: no rule file can replace what the host provides
/// (base functions, library tables, host functions), so the host's driver and helpers, and the
/// other rules, get the host's own.
@Suite struct GuardedGlobalsTests {
    /// The meetings pack with `line` put at the top of its badge rule.
    private func pack(badgeStartingWith line: String) throws -> RulePack {
        let badges = try String(contentsOf: MeetingsFixtures.folder.appendingPathComponent("badges.lua"), encoding: .utf8)
        let copy = try TemporaryPack(files: ["badges.lua": line + "\n" + badges])
        return try RulePack.load(from: copy.directory, displayPath: "rules/meetings")
    }

    /// The setup problems of a presenter for `pack` under `limits`.
    private func setupProblems(_ pack: RulePack, limits: LuaLimits) -> [Diagnostic] {
        do {
            _ = try Presenter(pack: pack, limits: limits)
        } catch .setup(let problems) {
            return problems
        } catch {
            return [Diagnostic(file: "unexpected", message: "\(error)")]
        }
        return []
    }

    static let replacements: [(line: String, message: String)] = [
        ("type = function() return 'table' end", "cannot replace global 'type'"),
        ("pairs = nil", "cannot replace global 'pairs'"),
        ("_G.tostring = function() return '' end", "cannot replace global 'tostring'"),
        ("liverules_host_clock = function() return 0 end", "cannot replace global 'liverules_host_clock'"),
        ("note = print", "cannot replace global 'note'"),
        ("string.format = function() return '' end", "attempt to modify read-only table 'string'"),
        ("table.concat = nil", "attempt to modify read-only table 'table'"),
        ("math.floor = math.ceil", "attempt to modify read-only table 'math'"),
        ("rawset(_G, 'type', print)", "rawset: the table is read-only"),
        ("setmetatable(_G, nil)", "cannot change a protected metatable"),
    ]

    /// Each replacement fails the setup at the badge rule's first line, counted and serving.
    @Test(arguments: replacements.indices)
    func aRuleFileCannotReplaceWhatTheHostProvides(index: Int) throws {
        let (line, message) = Self.replacements[index]
        let pack = try pack(badgeStartingWith: line)
        for limits in [LuaLimits(), .serving()] {
            let problems = setupProblems(pack, limits: limits)
            #expect(problems.count == 1, "\(line): \(problems)")
            let problem = try #require(problems.first)
            #expect(problem.file == "rules/meetings/badges.lua" && problem.line == 1, "\(line): \(problem)")
            #expect(problem.message.contains(message), "\(line): \(problem.message)")
        }
    }

    /// A RuleEngine refuses such a pack and names the rule file.
    @Test func anEngineRefusesThePack() throws {
        let pack = try pack(badgeStartingWith: "type = function() return 'table' end")
        do {
            _ = try RuleEngine().prepare(pack)
            Issue.record("the engine prepared the pack")
        } catch .setup(let problems) {
            #expect(problems.first?.file == "rules/meetings/badges.lua")
            #expect(problems.first?.message.contains("cannot replace global 'type'") == true)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// New globals may still be defined while the pack loads, and reads of the host's work.
    @Test func otherGlobalsMayBeDefinedAndTheHostsRead() throws {
        let pack = try pack(badgeStartingWith: "BADGE_LINES = 1 assert(type(pairs) == 'function' and string.format('%d', 2) == '2')")
        let presenter = try Presenter(pack: pack)
        let fixture = try Fixture.load("fixtures/countdown-middle.json", in: pack.folder, manifest: pack.manifest)
        let golden = try String(contentsOf: MeetingsFixtures.folder.appendingPathComponent("golden/countdown-middle.json"), encoding: .utf8)
        #expect(String(decoding: try presenter.present(fixture).canonicalUTF8(), as: UTF8.self) == golden)
    }
}
