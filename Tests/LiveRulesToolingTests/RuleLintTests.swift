import Foundation
import LiveRules
import LiveRulesTooling
import TestPacks
import Testing

/// The host's static checks of names written as literals, on sources read as files of the
/// bundled meetings pack.
@Suite struct RuleLintTests {
    static let pack = Result { try RulePack.load(from: Paths.rules.appendingPathComponent("meetings"), displayPath: "rules/meetings") }

    /// The findings in `source` read as `rules/meetings/<path>`, as `line:col: message`.
    static func findings(_ source: String, at path: String = "badge.lua") throws -> [String] {
        RuleLint.diagnostics(of: source, at: path, in: try pack.get()).map { "\($0.line):\($0.column): \($0.message)" }
    }

    @Test func theBundledPacksHaveNoFindings() throws {
        for name in ["meetings", "match", "delivery"] {
            let pack = try RulePack.load(from: Paths.rules.appendingPathComponent(name), displayPath: "rules/\(name)")
            #expect(pack.sources.count >= 7)
            #expect(RuleLint.diagnostics(for: pack) == [], "\(name)")
        }
    }

    @Test func literalsInCommentsAndDisplayTextAreNotNames() throws {
        let found = try Self.findings("""
            -- "titel" in a comment, --[[ and "lockscreen" in a long one ]]
            local a = { text = "Done", other = [==[titel]==] }
            return function(input) return a end
            """)
        #expect(found == ["2:36: unknown field id 'titel' — did you mean title?"])
    }

    @Test func positionsFollowStringsThatSpanLines() throws {
        let found = try Self.findings("local a = \"x\\\ny\" local b = \"titel\"\nreturn a .. b")
        #expect(found == ["2:14: unknown field id 'titel' — did you mean title?"])
    }

    @Test func aParameterOrLoopVariableHidesALocalHoldingTheFacts() throws {
        let source = """
            local function f(facts) return facts.anything end
            return function(input)
              local facts = input.facts
              for _, facts in ipairs({}) do local _ = facts.other end
              return facts.meting, f(facts)
            end
            """
        #expect(try Self.findings(source) == ["5:16: input.facts.meting: no such fact (the phase rule returns count, first, index, last, meeting, next) — did you mean meeting?"])
    }

    /// A local of an `if` branch is not seen in the next branch; a `repeat` block's locals are
    /// seen in its `until` condition.
    @Test func localsAreSeenInTheirBranchAndInTheirRepeatsCondition() throws {
        let source = """
            return function(input)
              if input.phase then
                local facts = input.facts
              else
                local n = facts.nosuch
              end
              repeat
                local later = input.facts
              until later.qqq
            end
            """
        #expect(try Self.findings(source) == ["9:15: input.facts.qqq: no such fact (the phase rule returns count, first, index, last, meeting, next)"])
    }

    @Test func phasesComparedWithTheInputPhaseMustBeThePacks() throws {
        #expect(try Self.findings("""
            return function(input)
              local phase = input.phase
              if phase == "live" or "Done" == input.phase then return 1 end
            end
            """) == [
            "3:15: unknown phase 'live': the pack's phases are progress, combo, countdown, upcoming, done",
            "3:25: unknown phase 'Done': the pack's phases are progress, combo, countdown, upcoming, done — did you mean done?",
        ])
    }

    @Test func keysBesidePlacementKeysOrDifferingOnlyInCase() throws {
        let found = try Self.findings("""
            local A = { lockScreen = 1, standby = 2, other = 3 }
            local B = { Progress = 1 }
            local C = { count = 1, tone = 2 }
            return function() return A, B, C end
            """)
        #expect(found == ["1:29: unknown placement 'standby' — did you mean standBy?", "2:13: unknown field id 'Progress' — did you mean progress?"])
    }

    @Test func theFactsOfAPhaseRuleAreNotCheckedInsideIt() throws {
        #expect(try Self.findings("return function(input) return 'done', { count = input.facts.x } end", at: "phase.lua").isEmpty)
        #expect(try Self.findings("return function(input) return 'don', {} end", at: "phase.lua")
                == ["1:31: unknown phase 'don': the pack's phases are progress, combo, countdown, upcoming, done — did you mean done?"])
    }

    @Test func requiredModulesMustExist() throws {
        let found = try Self.findings("""
            local support = require "liverules.support"
            local content = require("contnet")
            return function() return support, content end
            """)
        #expect(found == [
            "1:25: require 'liverules.support': the module is the helper library's own, not meant for rules (their modules are liverules.colour, liverules.decide, liverules.layout, liverules.palette, liverules.placements, liverules.promise, liverules.text, liverules.time)",
            "2:25: require 'contnet': the pack has no contnet.lua — did you mean content?",
        ])
    }

    @Test func slotsOfAPlacement() throws {
        let found = try Self.findings("""
            local TITLE = { lockScreen = "titel", androidOngoing = "body", standBy = "Good morning" }
            local field = { id = "title", text = "x", slot = "bdy" }
            return function() return TITLE, field end
            """)
        #expect(found == [
            "1:30: placement lockScreen has no slot 'titel' (its slots: title, body) — did you mean title?",
            "1:56: placement androidOngoing has no slot 'body' (its slots: title, text, progress, chip)",
            "2:50: unknown slot 'bdy' — did you mean body?",
        ])
    }
}
