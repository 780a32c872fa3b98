import Foundation
import LiveRules
import LiveRulesExamples
import Lua
import TestPacks
import Testing

/// Presenting through the Swift API: typed state in, typed presentation out, every failure a
/// typed error naming the file and the path.
@Suite struct PresenterTests {
    @Test func onePresenterServesManyPresentations() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        #expect(MeetingsFixtures.names.count >= 20, "the meetings fixtures are found (the brief specifies 20)")
        for name in MeetingsFixtures.names + MeetingsFixtures.names {
            let fixture = try MeetingsFixtures.load(name)
            let presentation = try presenter.present(
                attributes: fixture.attributes, state: fixture.state, now: fixture.now, previousPhase: fixture.previousPhase)
            #expect(try presentation.canonicalJSON() == MeetingsFixtures.golden(name), "\(name)")
        }
    }

    @Test func typedResultIsTheGoldensContent() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        let fixture = try MeetingsFixtures.load("combo-back-to-back-5-min")
        let p = try presenter.present(attributes: fixture.attributes, state: fixture.state, now: fixture.now, previousPhase: "progress")
        #expect(p.phase == "combo")
        #expect(p.badge == Badge(text: "In progress", tone: .green))
        #expect(p.relevance == Relevance(score: 100, alert: false))
        // The minimal view has room for no clock: the meeting's progress as a ring, which the device fills.
        #expect(p.layout[.islandMinimal]?.fields == [LayoutField(id: "progress", text: "83%", live: .progress(
            start: Date(timeIntervalSince1970: 1_772_443_800), finish: Date(timeIntervalSince1970: 1_772_447_400)), slot: "main", line: 1)])
        #expect(p.layout[.lockScreen]?.fields.map(\.id) == ["badge", "title", "remaining", "progress", "nextTitle", "nextCountdown"])
        #expect(p.palette.dark.accent.hex == "#34C759")
        #expect(Set(p.layout.keys) == Set(Placement.allCases))
    }

    // MARK: Inputs checked against the schema

    struct LooseMeeting: Encodable {
        var id = "a"
        var title: String? = "A"
        var start = Date(timeIntervalSince1970: 1_000)
        var end = Date(timeIntervalSince1970: 2_000)
        var colour: String?
    }

    struct LooseState: Encodable {
        var meetings: [LooseMeeting]
    }

    private func inputError(_ state: LooseState) throws -> String? {
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        do {
            _ = try presenter.present(attributes: MeetingsAttributes(timeZone: "UTC"), state: state, now: Date(timeIntervalSince1970: 0))
            return nil
        } catch {
            guard case .input(let mismatch, _) = error else { return "not an input error: \(error)" }
            return mismatch.description
        }
    }

    @Test func aSwiftValueWithAFieldTheSchemaLacksIsRejected() throws {
        #expect(try inputError(LooseState(meetings: [LooseMeeting(), LooseMeeting(colour: "#FF0000")]))
            == "state.meetings[1].colour: not in the schema of Meeting (it has: id, title, start, end, location, calendarColor)")
    }

    /// The checkers hand the path and the message over as separate values: a key holding ": "
    /// stays in the path (quoted, as JSON paths write such a key) instead of splitting it.
    @Test func aMismatchKeepsItsPathAndMessageApart() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        let state: [String: [LooseMeeting]] = ["meetings": [], "odd: key": []]
        #expect {
            _ = try presenter.present(attributes: MeetingsAttributes(timeZone: "UTC"), state: state, now: Date(timeIntervalSince1970: 0))
        } throws: { error in
            guard case .input(let mismatch, _) = error as? PresentationError else { return false }
            return mismatch.path == #"state["odd: key"]"# && mismatch.message.hasPrefix("not in the schema of MeetingsContentState (it has: ")
        }
    }

    @Test func aMissingRequiredFieldIsRejected() throws {
        #expect(try inputError(LooseState(meetings: [LooseMeeting(title: nil)]))
            == "state.meetings[0].title: expected string, got nothing (the field is required)")
    }

    @Test func wrongTypesAreRejectedWithWhatWasFound() throws {
        struct Numbered: Encodable { var meetings = [["id": 7]] }
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        #expect(throws: PresentationError.self) {
            try presenter.present(attributes: MeetingsAttributes(timeZone: "UTC"), state: Numbered(), now: Date())
        }
        do {
            _ = try presenter.present(attributes: ["timeZone": 3], state: MeetingsContentState(meetings: []), now: Date())
            Issue.record("a number passed as a string field")
        } catch {
            #expect(error.description == "attributes.timeZone: expected string, got 3")
        }
    }

    @Test func aBadColourIsRejected() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        let meeting = Meeting(id: "a", title: "A", start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60),
                              calendarColor: "red")
        do {
            _ = try presenter.present(attributes: MeetingsAttributes(timeZone: "UTC"), state: MeetingsContentState(meetings: [meeting]), now: Date())
            Issue.record("accepted a colour that is not #RRGGBB")
        } catch {
            #expect(error.description.contains("state.meetings[0].calendarColor: expected colour, got \"red\""), "\(error)")
        }
    }

    // MARK: Rule failures and outputs outside the vocabulary

    /// Presents fixture `done` with the meetings pack after writing `files` over it.
    private func failure(_ files: [String: String?], fixture: String = "countdown-middle") throws -> PresentationError? {
        let temporary = try TemporaryPack(files: files)
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let input = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/\(fixture).json"),
                                     displayPath: "fixtures/\(fixture).json", manifest: pack.manifest)
        do {
            _ = try Presenter(pack: pack).present(input)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownFieldIdsNameTheLayoutRuleAndPath() throws {
        let error = try failure(["layout.lua": """
            local layout = require "liverules.layout"
            return function(input)
              return layout.each(function() return { { id = "badge", text = "x" }, { id = "titel", text = "y" } } end)
            end
            """])
        guard case .output(let file, _, _, let path, let message)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(file == "rules/meetings/layout.lua")
        #expect(path == "layout.lockScreen.fields[2].id")
        #expect(message == "unknown field id 'titel' — did you mean title?")
    }

    @Test func unknownPlacementsAndMissingOnesAreErrors() throws {
        let extra = try failure(["layout.lua": """
            local layout = require "liverules.layout"
            return function(input)
              local all = layout.each(function() return {} end)
              all.lockscreen = { fields = {} }
              return all
            end
            """])
        #expect(extra?.description == "rules/meetings/layout.lua:5:3: error: layout.lockscreen: unknown placement — did you mean lockScreen?")
        let missing = try failure(["layout.lua": "return function(input) return { lockScreen = { fields = {} } } end\n"])
        #expect(missing?.description == "rules/meetings/layout.lua:1:24: error: layout.islandCompactLeading: missing: the layout rule must return a layout for every placement")
    }

    @Test func tonesScoresAndColoursAreChecked() throws {
        let tone = try failure(["badge.lua": "return function(input) return { text = 'x', tone = 'blue' } end\n"])
        #expect(tone?.description == "rules/meetings/badge.lua:1:45: error: badge.tone: expected one of green, neutral, warning, critical, got \"blue\"")
        let score = try failure(["relevance.lua": "return function(input) return { score = 101, alert = false } end\n"])
        #expect(score?.description == "rules/meetings/relevance.lua:1:24: error: relevance.score: expected a number in 0...100, got 101.0")
        let colour = try failure(["palette.lua": """
            return function(input)
              local look = { background = "#000000", foreground = "#FFFFFF", accent = "#12345" }
              return { light = look, dark = look, standByNight = look }
            end
            """])
        #expect(colour?.description == "rules/meetings/palette.lua:2:66: error: palette.light.accent: expected a colour #RRGGBB, got \"#12345\"")
        let missingText = try failure(["badge.lua": "return function(input) return { tone = 'green' } end\n"])
        #expect(missingText?.description.hasPrefix("rules/meetings/badge.lua:1:24: error: badge.text: expected") == true, "\(String(describing: missingText))")
    }

    @Test func aPhaseThePackDoesNotDeclareNamesThePhaseRule() throws {
        let error = try failure(["phase.lua": "return function(input) return 'finished' end\n"])
        #expect(error?.description == "rules/meetings/phase.lua:1:31: error: phase: expected one of combo, countdown, done, progress, upcoming, got \"finished\"")

        let number = try failure(["phase.lua": "return function(input) return 3 end\n"])
        #expect(number?.description == "rules/meetings/phase.lua:1:24: error: phase: expected one of combo, countdown, done, progress, upcoming, got a number")
        let none = try failure(["phase.lua": "return function(input) end\n"])
        #expect(none?.description == "rules/meetings/phase.lua:1:24: error: phase: expected one of combo, countdown, done, progress, upcoming, got nil: the phase rule ends without `return`; end it with `return` and the value")
    }

    @Test func ruleErrorsCarryTheirFileAndLine() throws {
        let error = try failure(["relevance.lua": "return function(input)\n  return { score = input.phase + 1 }\nend\n"])
        guard case .rule(let lua)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(lua.location == SourceLocation(file: "rules/meetings/relevance.lua", line: 2, column: 32))
        #expect(lua.message == "arithmetic on text: `+` takes numbers (add a 'string' with a 'number'); use tonumber(…) to read a "
            + "number from text, or `..` to join texts")
    }

    @Test func aRuleThatReturnsNoFunctionFailsSetUp() throws {
        let temporary = try TemporaryPack(files: ["badge.lua": "local x = 1\n"])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        #expect(throws: PresentationError.self) { try Presenter(pack: pack) }
        do { _ = try Presenter(pack: pack) } catch {
            #expect(error.description == "rules/meetings/badge.lua:1:11: error: the badge rule must return a function (end the file with `return function(input) … end`), got nil")
        }
    }

    /// Rules are pure: a rule that keeps a count in a top-level local would give a fixture a
    /// different result on its second run, so the pack fails to set up, at the assignment.
    @Test func aRuleAssigningATopLevelLocalFailsSetUp() throws {
        let temporary = try TemporaryPack(files: ["badge.lua": """
            local shown = 0
            return function(input)
              shown = shown + 1
              return { text = "seen " .. shown, tone = "neutral" }
            end
            """])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        do {
            _ = try Presenter(pack: pack)
            Issue.record("a rule carrying a count between evaluations set up")
        } catch {
            #expect(error.description.hasPrefix(
                "rules/meetings/badge.lua:3:3: error: a function assigns 'shown', a local of the file's top level"), "\(error)")
        }
    }

    @Test func aBudgetErrorLeavesThePresenterServing() throws {
        let temporary = try TemporaryPack(files: ["relevance.lua": """
            return function(input)
              if input.phase == "countdown" then while true do end end
              return { score = 0, alert = false }
            end
            """])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let presenter = try Presenter(pack: pack)
        let countdown = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/countdown-middle.json"),
                                         displayPath: "countdown-middle.json", manifest: pack.manifest)
        let done = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/done.json"),
                                    displayPath: "done.json", manifest: pack.manifest)
        #expect(throws: PresentationError.self) { try presenter.present(countdown) }
        #expect(try presenter.present(done).phase == "done")
    }
}
