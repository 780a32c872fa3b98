import Foundation
@testable import LiveRules
import Lua
import TestPacks
import Testing

/// Mistakes a first-time rule author makes, each reported at the file, line and column where it
/// was written (never in a host file), with a message that says what to fix: the exact line a
/// user sees.
@Suite struct RuleErrorTests {
    /// The meetings pack with `files` changed: the errors loading it, setting it up, or
    /// presenting `fixture` with it, as `path:line:col: error: message` lines.
    private func errors(_ files: [String: String?], fixture: String = "progress-first-at-start") throws -> [String] {
        let temporary = try TemporaryPack(files: files)
        let pack: RulePack
        do { pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings") } catch {
            return error.diagnostics.map(\.description)
        }
        let presenter: Presenter
        do { presenter = try Presenter(pack: pack) } catch { return error.diagnostics().map(\.description) }
        let loaded = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/\(fixture).json"),
                                      displayPath: "rules/meetings/fixtures/\(fixture).json", manifest: pack.manifest)
        do {
            _ = try presenter.present(loaded)
            return []
        } catch {
            return error.diagnostics(inputFile: loaded.file).map(\.description)
        }
    }

    /// `file` of the bundled meetings pack with `old` replaced by `new` (which must be there).
    private func edited(_ file: String, _ old: String, _ new: String) throws -> [String: String?] {
        let text = try String(contentsOf: Paths.rules.appendingPathComponent("meetings/\(file)"), encoding: .utf8)
        #expect(text.contains(old), "\(file) holds \(old)")
        return [file: text.replacingOccurrences(of: old, with: new)]
    }

    // MARK: At the place the mistake was written

    @Test func aBadToneIsReportedWhereItIsWrittenNotInTheRuleThatReturnedIt() throws {
        let files = try edited("badges.lua", "text = \"In progress\",      tone = \"green\"", "text = \"In progress\",      tone = \"blue\"")
        #expect(try errors(files) == [
            "rules/meetings/badges.lua:14:74: error: badge.tone: expected one of green, neutral, warning, critical, got \"blue\"",
        ])
    }

    @Test func aBadColourPassedToAHelperInTailPositionIsReportedInThePackNotTheDriver() throws {
        let files = try edited("palette.lua", "local GREEN = \"#34C759\"", "local GREEN = \"#34C75\"")
        #expect(try errors(files) == ["rules/meetings/palette.lua:8:15: error: palette.fixed: expected a colour #RRGGBB, got \"#34C75\""])
        // A value that comes from elsewhere is reported at the call of the helper.
        let computed = try edited("palette.lua", "return palette.fixed(GREEN)", "return palette.fixed(GREEN:sub(1, 6))")
        #expect(try errors(computed) == [
            "rules/meetings/palette.lua:13:70: error: palette.fixed: expected a colour #RRGGBB, got \"#34C75\"",
        ])
    }

    @Test func aRuleReturningNothingIsReportedAtItsEnd() throws {
        let files = try edited("badge.lua", "  return { text = case.text, tone = case.tone }", "  local _ = case")
        #expect(try errors(files) == [
            "rules/meetings/badge.lua:9:1: error: badge: expected table, got nil: the badge rule ends without `return`; "
                + "end it with `return` and the value",
        ])
    }

    @Test func aRuleReturningTheWrongShapeIsReportedAtItsReturn() throws {
        let files = try edited("badge.lua", "return { text = case.text, tone = case.tone }", "return case.text")
        #expect(try errors(files) == ["rules/meetings/badge.lua:8:3: error: badge: expected table, got string \"In progress\""])
    }

    /// Of several `return`s, the one that can have returned the value: not a table constructor
    /// for a text, not a constructor for nil; none for nil is the function's end.
    @Test func ofSeveralReturnsTheOneThatCanHaveReturnedItIsNamed() throws {
        let rule = "return function(input)\n  if input.phase == 'done' then\n    return { text = 'x', tone = 'neutral' }\n  end\n"
        #expect(try errors(["badge.lua": rule + "  return input.phase\nend\n"]) == [
            "rules/meetings/badge.lua:5:3: error: badge: expected table, got string \"progress\"",
        ])
        #expect(try errors(["badge.lua": rule + "  if input.phase == 'combo' then return end\n  return { text = 'y', tone = 'neutral' }\nend\n"],
                           fixture: "combo-back-to-back-5-min") == ["rules/meetings/badge.lua:5:34: error: badge: expected table, got nil"])
        #expect(try errors(["badge.lua": rule + "end\n"]) == [
            "rules/meetings/badge.lua:5:1: error: badge: expected table, got nil: the badge rule ends without `return`; "
                + "end it with `return` and the value",
        ])
    }

    /// One `return` of the wrong shape fails fixtures with different values: one finding.
    @Test func aWrongShapeInManyFixturesIsOneFinding() throws {
        let files = try edited("badge.lua", "return { text = case.text, tone = case.tone }", "return case.text")
        let temporary = try TemporaryPack(files: files)
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let presenter = try Presenter(pack: pack)
        let sweep = try FixtureSweep(pack) { fixture throws(PresentationError) in try presenter.present(fixture) }
        #expect(sweep.diagnostics.count == 1, "\(sweep.diagnostics)")
        #expect(sweep.diagnostics.first?.description.hasPrefix("rules/meetings/badge.lua:8:3: error: badge: expected table, got string \"")
            == true)
        #expect(sweep.diagnostics.first?.message.hasSuffix(" (presenting \(sweep.names.count) fixtures: combo-back-to-back-5-min.json, "
            + "countdown-first-exactly-15-min.json, countdown-last.json, …)") == true, "every fixture: \(sweep.diagnostics)")
    }

    /// Every rule stage: a rule whose function returns nothing is reported at that function's `end`.
    @Test(arguments: RuleStage.allCases)
    func everyStagesMissingReturnIsReportedAtItsFunction(stage: RuleStage) throws {
        let lines = try errors(["\(stage.rawValue).lua": "-- nothing yet\nreturn function(input)\n  local _ = input\nend\n"])
        let expected = switch stage {
        case .phase: "phase: expected one of combo, countdown, done, progress, upcoming, got nil"
        case .timing: "timing: expected a table { stale, dismissal, alert }, got nil"
        default: "\(stage.rawValue): expected table, got nil"
        }
        #expect(lines == ["rules/meetings/\(stage.rawValue).lua:4:1: error: \(expected): the \(stage.rawValue) rule ends without `return`; end it with `return` and the value"])
    }

    @Test func aRuleFileThatDoesNotReturnAFunctionIsReportedAtItsReturn() throws {
        #expect(try errors(["relevance.lua": "local score = 1\n\nreturn { score = score }\n"]) == [
            "rules/meetings/relevance.lua:3:1: error: the relevance rule must return a function "
                + "(end the file with `return function(input) … end`), got table",
        ])
    }

    @Test func aRuntimeErrorPointsAtTheColumnOfWhatItIsAbout() throws {
        #expect(try errors(["badge.lua": "return function(input)\n  return { text = input.state.meeting }\nend\n"]) == [
            "rules/meetings/badge.lua:2:19: error: input.state.meeting: no such field in MeetingsContentState — did you mean meetings?",
        ])
        #expect(try errors(["badge.lua": "return function(input)\n  local n = nil\n  return { text = 'x' .. n.count }\nend\n"]) == [
            "rules/meetings/badge.lua:3:26: error: attempt to index a nil value (local 'n')",
        ])
    }

    @Test func aBudgetSpentInsideAHelperIsReportedAtTheRuleThatCalledIt() throws {
        let rule = "local colour = require \"liverules.colour\"\nreturn function(input)\n  local n = 0\n"
            + "  while true do n = n + colour.contrast(\"#000000\", \"#FFFFFF\") end\nend\n"
        #expect(try errors(["relevance.lua": rule]) == [
            "rules/meetings/relevance.lua:4:3: error: instruction budget of 1000000 instructions exceeded",
        ])
    }

    // MARK: Raw Lua messages replaced

    @Test func aMisspeltHelperFunctionSuggestsTheRealOneOnce() throws {
        let files = try edited("badges.lua", "decide.first {", "decide.frist {")
        #expect(try errors(files) == [
            "rules/meetings/badges.lua:12:15: error: decide.frist is nil: liverules.decide has no function 'frist' — did you mean first?",
        ], "badge.lua and layout.lua both require badges.lua: one mistake, one error")
    }

    @Test func aMisspeltFunctionOfAPackModuleSuggestsTheRealOne() throws {
        let files = try edited("badge.lua", "badges.of(input)", "badges.off(input)")
        #expect(try errors(files) == ["rules/meetings/badge.lua:7:16: error: badges.off is nil: badges has no function 'off' — did you mean of?"])
    }

    /// Every helper module, every function it has: misspelt, it is named with the real one.
    @Test(arguments: HostResources.helpers.keys.sorted())
    func everyHelpersMisspeltFunctionSuggestsTheRealOne(chunk: String) throws {
        let sources = RuleSources(pack: [:])
        let module = String(chunk.dropLast(4)).replacingOccurrences(of: "/", with: ".")
        let members = sources.members(ofModule: chunk)
        #expect(!members.isEmpty, "\(chunk) has functions")
        for member in members where member.count >= 4 {
            let typo = member + String(member.last!)
            let rule = "local m = require \"\(module)\"\nreturn function(input)\n  return m.\(typo)(input)\nend\n"
            let hint = Suggestion.hint(for: typo, among: members)
            // liverules.placements raises its own error for a name it does not have.
            let message = module == "liverules.placements" ? "placements has no function or placement '\(typo)'"
                : "m.\(typo) is nil: \(module) has no function '\(typo)'"
            let actual = try errors(["relevance.lua": rule])
            #expect(actual == ["rules/meetings/relevance.lua:3:10: error: \(message)\(hint)"], "\(actual)")
            #expect(hint == " — did you mean \(member)?", "\(typo)")
        }
    }

    @Test func aTableWithoutReturnSaysSo() throws {
        let files = try edited("badge.lua", "  return { text = case.text, tone = case.tone }", "  { text = case.text, tone = case.tone }")
        #expect(try errors(files) == [
            "rules/meetings/badge.lua:8:12: error: undefined global 'case': the table on line 8 is not returned — Lua reads it "
                + "as an argument of the call on line 7; write `return {` to return it",
        ])
    }

    @Test func anUndefinedGlobalSuggestsALocalOrALuaGlobal() throws {
        #expect(try errors(["badge.lua": "local label = 'x'\nreturn function(input)\n  return { text = lable, tone = 'neutral' }\nend\n"]) == [
            "rules/meetings/badge.lua:3:19: error: undefined global 'lable' — did you mean label?",
        ])
        #expect(try errors(["badge.lua": "return function(input)\n  return { text = tostrin(1), tone = 'neutral' }\nend\n"]) == [
            "rules/meetings/badge.lua:2:19: error: undefined global 'tostrin' — did you mean tostring?",
        ])
    }

    @Test func anAssignmentInAConditionSaysToCompareWithDoubleEquals() throws {
        #expect(try errors(["badge.lua": "return function(input)\n  if input.phase = 'done' then end\n  return { text = 'x', tone = 'neutral' }\nend\n"]) == [
            "rules/meetings/badge.lua:2:18: error: `=` assigns a value; compare with `==` (`if a == b then`)",
        ])
    }

    @Test func aModuleWithoutReturnIsReportedAtItsTable() throws {
        let files = try edited("badges.lua", "\nreturn {\n  of = function", "\n{\n  of = function")
        #expect(try errors(files) == [
            "rules/meetings/badges.lua:23:1: error: badges is true, not a table: rules/meetings/badges.lua returns nothing, so "
                + "`require \"badges\"` gives true: the table on line 23 is not returned — Lua reads it as an argument of the call "
                + "on line 20; write `return {` to return it",
        ])
    }

    @Test func aForgottenReturnBeforeTheRuleFunctionSaysSo() throws {
        let files = try edited("badge.lua", "\nreturn function(input)", "\nfunction(input)")
        #expect(try errors(files) == [
            "rules/meetings/badge.lua:6:1: error: a function on its own is not a statement: write `return function(…)` to "
                + "return it from the file (or give it a name: `local function name(…)`)",
        ])
    }

    @Test func aMisspeltPlacementKeyIsNamed() throws {
        let files = try edited("layout.lua", "  lockScreen = CARD,", "  lockscreen = CARD,")
        #expect(try errors(files) == [
            "rules/meetings/layout.lua:89:26: error: WANTED[placement] is nil, so it cannot be indexed: WANTED has no entry for "
                + "that key; its key 'lockscreen' is not a placement id or phase — did you mean lockScreen?",
        ])
    }

    @Test func comparingADateWithTextSaysDatesAreSecondsAndHowToWriteOne() throws {
        let files = try edited("relevance.lua", "return function(input)\n",
                               "return function(input)\n  if input.now < \"2026-11-24T09:00\" then return { score = 1, alert = false } end\n")
        #expect(try errors(files) == [
            "rules/meetings/relevance.lua:9:16: error: attempt to compare number with string: dates in rules are numbers "
                + "(Unix seconds), not text; write the date as time.at(\"2026-11-24T09:00\", zone) with zone an IANA time zone "
                + "(time = require \"liverules.time\")",
        ])
        let fixed = try edited("relevance.lua", "return function(input)\n", """
            local time = require "liverules.time"
            return function(input)
              if input.now < time.at("2026-11-24T09:00", input.attributes.timeZone) then return { score = 1, alert = false } end

            """)
        #expect(try errors(fixed) == [])
    }

    @Test func timeAtReadsAWallClockTimeInAZone() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(HostFunctions.date("2026-11-24T09:00", in: paris) == 1_795_507_200)
        #expect(HostFunctions.date("2026-11-24T09:00:30", in: paris) == 1_795_507_230)
        #expect(HostFunctions.date("2026-11-24T09:00:00Z", in: paris) == 1_795_510_800, "an offset is taken as written")
        #expect(HostFunctions.date("2026-02-30T09:00", in: paris) == nil)
        #expect(HostFunctions.date("2026-03-29T02:30", in: paris) == nil, "a time the clock change skips")
        #expect(HostFunctions.date("tomorrow", in: paris) == nil)
    }

    // MARK: Fixtures

    @Test func oneMisspeltFieldInEveryListElementIsOneError() throws {
        let url = Paths.rules.appendingPathComponent("meetings/fixtures/combo-back-to-back-5-min.json")
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"title\"", with: "\"titel\"")
        let pack = try RulePack.load(from: Paths.rules.appendingPathComponent("meetings"), displayPath: "rules/meetings")
        #expect(throws: DiagnosticError.self) {
            try Fixture.read(Data(text.utf8), displayPath: "combo.json", manifest: pack.manifest)
        }
        do {
            _ = try Fixture.read(Data(text.utf8), displayPath: "combo.json", manifest: pack.manifest)
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "combo.json:11:18: error: state.meetings[0, 1, 2, 3, 4].titel: not in the schema of Meeting — did you mean title? "
                    + "(title is required)",
            ])
        }
    }
}
