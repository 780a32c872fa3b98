import Foundation
@testable import LiveRules
import Lua
import TestPacks
import Testing

/// An error always names the rule that was running and keeps every byte of its message: a
/// message that is not UTF-8, an error value that is not a message, a rule file that returns a
/// library function instead of its own.
@Suite struct RuleErrorPlaceTests {
    /// The meetings pack with its badge rule replaced by `source`.
    private func pack(badges source: String) throws -> RulePack {
        let copy = try TemporaryPack(files: ["badge.lua": source])
        return try RulePack.load(from: copy.directory, displayPath: "rules/meetings")
    }

    /// The problems of presenting fixture `countdown-middle` with `pack` under `limits`.
    private func problems(_ pack: RulePack, limits: LuaLimits) throws -> [Diagnostic] {
        let fixture = try Fixture.load("fixtures/countdown-middle.json", in: pack.folder, manifest: pack.manifest)
        do {
            _ = try Presenter(pack: pack, limits: limits).present(fixture)
        } catch {
            return error.diagnostics(inputFile: "rules/meetings/fixtures/countdown-middle.json")
        }
        return []
    }

    static let raising: [(body: String, message: String)] = [
        ("error('bad \\255 byte')", "bad \\xFF byte"),
        ("error('\\192\\128 overlong, then text')", "\\xC0\\x80 overlong, then text"),
        ("error({ code = 7 })", "(error object is a table value)"),
        ("error(setmetatable({}, { __tostring = function() return 'x' end }))", "(error object is a table value)"),
        ("error(42.5, 0)", "42.5"),
        ("error(nil)", "(error object is a nil value)"),
    ]

    /// Each error is placed at the rule's line 2, counted and serving, with its bytes escaped.
    @Test(arguments: raising.indices)
    func anErrorNamesTheRuleAndKeepsItsBytes(index: Int) throws {
        let (body, message) = Self.raising[index]
        let pack = try pack(badges: "return function(input)\n  \(body)\nend\n")
        for limits in [LuaLimits(), .serving()] {
            let found = try problems(pack, limits: limits)
            let problem = try #require(found.first, "\(body)")
            #expect(problem.file == "rules/meetings/badge.lua" && problem.line == 2, "\(body): \(problem)")
            #expect(problem.message.contains(message), "\(body): \(problem.message)")
        }
    }

    /// A rule file that returns a library function is refused when the pack loads, at its return.
    @Test(arguments: ["error", "print", "string.format", "tostring", "pairs"])
    func aRuleMustBeALuaFunction(name: String) throws {
        let pack = try pack(badges: "return \(name)\n")
        do {
            _ = try Presenter(pack: pack)
            Issue.record("\(name) was taken as the badge rule")
        } catch .setup(let problems) {
            let problem = try #require(problems.first)
            #expect(problem.file == "rules/meetings/badge.lua" && problem.line == 1, "\(problem)")
            #expect(problem.message.contains("the badge rule must return a function"), "\(problem.message)")
            #expect(problem.message.hasSuffix("got a library function"), "\(problem.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The engine, serving, names the rule too.
    @Test func anEngineNamesTheRule() throws {
        let pack = try pack(badges: "return function(input)\n  error({})\nend\n")
        let engine = RuleEngine()
        _ = engine.activate(try engine.prepare(pack))
        let moment = try MeetingsFixtures.load("countdown-middle")
        do {
            _ = try engine.present("meetings", attributes: moment.attributes, state: moment.state, now: moment.now)
            Issue.record("the rule's error was not reported")
        } catch {
            let problem = try #require(error.diagnostics().first)
            #expect(problem.file == "rules/meetings/badge.lua" && problem.line == 2, "\(problem)")
        }
    }
}
