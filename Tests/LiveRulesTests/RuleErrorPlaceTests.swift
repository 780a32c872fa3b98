import Foundation
@testable import LiveRules
import Lua
import TestPacks
import Testing

/// An error always names the rule that was running and keeps every byte of its message: a
/// message that is not UTF-8, an error value that is not a message, a rule file that returns a
/// library function instead of its own. It is placed in a file the pack's author wrote, never in
/// the host's: also when the pack is set up, when a module raises, and when the message holds
/// what looks like a position ("10:30:").
@Suite struct RuleErrorPlaceTests {
    /// The meetings pack with its badge rule replaced by `source`, and `files` written beside it.
    private func pack(badges source: String, files: [String: String?] = [:]) throws -> RulePack {
        let copy = try TemporaryPack(files: files.merging(["badge.lua": source]) { $1 })
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

    /// The problems of setting `pack` up, or of presenting it; each printed as the CLI prints it.
    private func reported(_ pack: RulePack) throws -> [String] {
        var found: [String] = []
        for limits in [LuaLimits(), .serving()] {
            found += try problems(pack, limits: limits).map(\.description)
        }
        return Array(Set(found)).sorted()
    }

    /// What goes wrong while a pack is set up, each at the line that built the data or returned
    /// the rule.
    static let setupFailures: [(badge: String, at: String, message: String)] = [
        // Data nested too deep to freeze, held by the rule (an upvalue) or by a global.
        ("local deep = {}\nlocal t = deep\nfor _ = 1, 300 do t.x = {}; t = t.x end\nreturn function(input)\n  return { text = deep.x and 'a' or 'b', tone = 'neutral' }\nend\n",
         "rules/meetings/badge.lua:4:1", "nests more than 180 levels deep (in 'deep', kept by the function defined here)"),
        ("DEEP = {}\nlocal t = DEEP\nfor _ = 1, 300 do t.x = {}; t = t.x end\nreturn function(input)\n  return { text = 'a', tone = 'neutral' }\nend\n",
         "rules/meetings/badge.lua:1:1", "nests more than 180 levels deep (in global 'DEEP', assigned here)"),
        // The memory budget reached while freezing what the file built (a copy as large again).
        ("local s = string.rep('x', 256)\nlocal big = {}\nfor _ = 1, 2600 do big[#big + 1] = { string.byte(s, 1, -1) } end\nreturn function(input)\n  return { text = big[1] and 'a' or 'b', tone = 'neutral' }\nend\n",
         "rules/meetings/badge.lua:4:1", "memory budget of 16777216 bytes exceeded"),
        ("BIG = {}\nlocal s = string.rep('x', 256)\nfor _ = 1, 2600 do BIG[#BIG + 1] = { string.byte(s, 1, -1) } end\nreturn function(input)\n  return { text = 'a', tone = 'neutral' }\nend\n",
         "rules/meetings/badge.lua:1:1", "memory budget of 16777216 bytes exceeded"),
        // A helper of the host's returned as the rule: it would fail inside the host's files.
        ("return require('liverules.text').fit\n", "rules/meetings/badge.lua:1:1", "got a function of the host's helpers, defined at liverules/text.lua:"),
        ("local time = require('liverules.time')\nreturn time.countdown\n", "rules/meetings/badge.lua:2:1", "got a function of the host's helpers"),
    ]

    @Test(arguments: setupFailures.indices)
    func aSetupFailureIsPlacedInThePack(index: Int) throws {
        let (badge, place, message) = Self.setupFailures[index]
        let found = try reported(try pack(badges: badge))
        #expect(found.count == 1, "\(found)")
        let problem = try #require(found.first)
        #expect(problem.hasPrefix(place + ": error: ") && problem.contains(message), "\(problem)")
        #expect(!problem.contains("liverules/driver.lua") && !problem.contains("pack.json"), "\(problem)")
    }

    /// A module that raises a value that is not a message, when it loads or when a rule calls
    /// it, is the place of the error; so is a module that raises a message at level 0.
    static let moduleRaises: [(module: String, badge: String, at: String, message: String)] = [
        ("local x = 1\nerror({ code = x })\nreturn {}\n", "local helper = require 'helper'\n", "rules/meetings/helper.lua:2:1", "(error object is a table value)"),
        ("error(true)\n", "local helper = require 'helper'\n", "rules/meetings/helper.lua:1:1", "(error object is a boolean value)"),
        ("\nerror(42)\n", "local helper = require 'helper'\n", "rules/meetings/helper.lua:2:1", "42"),
        ("local M = {}\nfunction M.fail()\n  error({})\nend\nreturn M\n", "local helper = require 'helper'\nhelper.fail()\n",
         "rules/meetings/helper.lua:3", "(error object is a table value)"),
        ("local M = {}\nfunction M.fail()\n  error('next meeting at 10:30: room changed', 0)\nend\nreturn M\n",
         "local helper = require 'helper'\nhelper.fail()\n", "rules/meetings/helper.lua:3", "next meeting at 10:30: room changed"),
    ]

    @Test(arguments: moduleRaises.indices)
    func aModulesRaiseIsPlacedInTheModule(index: Int) throws {
        let (module, badge, place, message) = Self.moduleRaises[index]
        let rule = badge + "return function(input)\n  return { text = 'a', tone = 'neutral' }\nend\n"
        // Required by a second file too: a failed module fails again, at the same place.
        let relevance = "local helper = require 'helper'\nreturn function(input)\n  return { score = 1 }\nend\n"
        for files in [["helper.lua": module], ["helper.lua": module, "relevance.lua": relevance]] {
            let found = try reported(try pack(badges: rule, files: files))
            #expect(found.count == 1, "\(found)")
            let problem = try #require(found.first)
            #expect(problem.hasPrefix(place + ":") && problem.hasSuffix(": error: " + message), "\(problem)")
        }
    }

    /// A message that holds a clock time, or any text before a colon and digits, is not a
    /// position: the error is placed at the rule's line and keeps the whole message.
    @Test(arguments: ["next meeting at 10:30: room changed", "10:30: room changed", "Gate B:12: boarding",
                      "rules/meetings/badge:2: not a file", "x.lua:1:", "a:1:b:2: c"])
    func aMessageThatLooksPositionedIsPlacedAtTheRule(message: String) throws {
        for level in [0, 1, 2] {
            let pack = try pack(badges: "return function(input)\n  error('\(message)', \(level))\nend\n")
            let found = try reported(pack)
            // Level 2 names the rule's caller, the host's driver: the rule's line stands in for it.
            #expect(found.count == 1 && found.first.map { $0.hasPrefix("rules/meetings/badge.lua:2:3: error: ") && $0.hasSuffix(message) } == true,
                    "level \(level): \(found)")
        }
    }
}
