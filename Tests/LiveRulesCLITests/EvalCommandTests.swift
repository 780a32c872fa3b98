import Foundation
import Testing
import TestPacks

/// `liverules eval`, run as a user runs it.
@Suite struct EvalCommandTests {
    let pack = "rules/meetings"
    let fixture = "rules/meetings/fixtures/progress-first-at-start.json"

    @Test func printsTheGoldenAsCanonicalJSON() throws {
        let outcome = try CLI.run(["eval", pack, fixture])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let golden = try String(contentsOf: Paths.root.appendingPathComponent("rules/meetings/golden/progress-first-at-start.json"), encoding: .utf8)
        #expect(outcome.output == golden)
        #expect(outcome.output.hasSuffix("}\n") && !outcome.output.hasSuffix("\n\n"))
    }

    @Test func placementKeepsOneLayout() throws {
        let outcome = try CLI.run(["eval", pack, fixture, "--placement", "islandMinimal"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("\"islandMinimal\""))
        #expect(!outcome.output.contains("\"lockScreen\""))
    }

    @Test func textFormatIsATablePerPlacement() throws {
        let outcome = try CLI.run(["eval", pack, fixture, "--format", "text"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("phase      progress\n"))
        #expect(outcome.output.contains("\nislandMinimal\n  progress          "))
        #expect(outcome.output.contains("  remaining         15:00 left  (live: timer down to 08:15Z)\n"), "\(outcome.output)")
        #expect(outcome.output.contains("palette"))
    }

    @Test func textFormatShowsAFieldsGlyphBeforeItsText() throws {
        let outcome = try CLI.run(["eval", "rules/match", "rules/match/fixtures/glyph-live-2-1.json",
                                   "--format", "text", "--placement", "islandMinimal"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("\nislandMinimal\n  score             [dot] 2–1\n"), "\(outcome.output)")
    }

    @Test func badUsageExitsWith2() throws {
        let unknownPlacement = try CLI.run(["eval", pack, fixture, "--placement", "islandMini"])
        #expect(unknownPlacement.status == 2)
        #expect(unknownPlacement.errors.contains("unknown placement 'islandMini'"))
        #expect(try CLI.run(["eval", pack]).status == 2)
        #expect(try CLI.run(["eval", pack, fixture, "--format", "yaml"]).status == 2)
    }

    @Test func unreadableOrInvalidInputExitsWith2() throws {
        let missing = try CLI.run(["eval", pack, "rules/meetings/fixtures/nope.json"])
        #expect(missing.status == 2)
        #expect(missing.errors == "rules/meetings/fixtures/nope.json: error: no such file\n")
        let root = try CLI.copyOfPack("meetings", files: [
            "fixtures/broken.json": "{\n  \"now\": \"2026-03-02T09:00:00Z\",\n  \"attributes\": {\"timeZone\": \"UTC\"},\n  \"state\": {\"meetings\": [}\n}\n",
            "fixtures/tomorrow.json": """
                {"now": "2026-03-02T09:00:00Z", "attributes": {"timeZone": "UTC"},
                 "state": {"meetings": [{"id": "a", "title": "A", "start": "tomorrow", "end": "2026-03-02T10:00:00Z"}]}}
                """,
        ])
        let broken = try CLI.run(["eval", "rules/meetings", "rules/meetings/fixtures/broken.json"], in: root)
        #expect(broken.status == 2)
        #expect(broken.errors.hasPrefix("rules/meetings/fixtures/broken.json:4:26: error: invalid JSON"), "\(broken.errors)")
        let mismatch = try CLI.run(["eval", "rules/meetings", "rules/meetings/fixtures/tomorrow.json"], in: root)
        #expect(mismatch.status == 2)
        #expect(mismatch.errors.contains("rules/meetings/fixtures/tomorrow.json:2:60: error: state.meetings[0].start: expected date, got \"tomorrow\""), "\(mismatch.errors)")
    }

    @Test func aFailingRuleExitsWith1NamingItsFileAndLine() throws {
        let root = try CLI.copyOfPack("meetings", files: [
            "badge.lua": "return function(input)\n  local m = input.state.meeting\n  return { text = 'x', tone = 'neutral' }\nend\n",
        ])
        let outcome = try CLI.run(["eval", "rules/meetings", "rules/meetings/fixtures/done.json"], in: root)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("rules/meetings/badge.lua:2:13: error: input.state.meeting: no such field in MeetingsContentState — did you mean meetings?"), "\(outcome.errors)")
    }

    @Test func aHostileRuleStopsWithinItsBudget() throws {
        let root = try CLI.copyOfPack("meetings", files: [
            "relevance.lua": "return function(input)\n  while true do end\nend\n",
        ])
        let outcome = try CLI.run(["eval", "rules/meetings", "rules/meetings/fixtures/done.json"], in: root)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("rules/meetings/relevance.lua:2:3: error: instruction budget"), "\(outcome.errors)")
    }
}
