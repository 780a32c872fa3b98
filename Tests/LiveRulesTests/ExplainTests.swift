import Foundation
import LiveRules
import TestPacks
import Testing

/// `Presenter.explain`: why a presentation came out as it did, recorded by the helpers and the
/// rules' `note(...)` calls, each at the pack line that wrote it.
@Suite struct ExplainTests {
    /// A back-to-back combo five minutes into a 20-minute meeting: the location and the
    /// running-late action are still wanted, and the expanded island has room for six fields.
    static let comboEarly = """
        {
          "now": "2026-03-02T09:05:00Z",
          "attributes": { "timeZone": "Europe/Berlin" },
          "state": {
            "meetings": [
              { "id": "m1", "title": "Design review", "start": "2026-03-02T09:00:00Z", "end": "2026-03-02T09:20:00Z",
                "location": "Studio", "calendarColor": "#5856D6" },
              { "id": "m2", "title": "1:1 with Sam", "start": "2026-03-02T09:20:00Z", "end": "2026-03-02T09:50:00Z" }
            ]
          }
        }
        """

    /// The 1-based line of `file` in the meetings pack holding `text`.
    static func line(of text: String, in file: String) throws -> Int {
        let source = try String(contentsOf: MeetingsFixtures.folder.appendingPathComponent(file), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    /// `text` written as a fixture file in a temporary folder, read against the meetings schema.
    static func fixture(_ text: String) throws -> Fixture {
        let url = TemporaryFolder.path("explain").appendingPathExtension("json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return try Fixture.load(from: url, displayPath: "combo-early.json", manifest: try MeetingsFixtures.pack().manifest)
    }

    @Test func meetingsTraceNamesTheBadgeCaseAndTheDroppedFieldsWithTheirWidths() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack(), explains: true)
        let (presentation, explanation) = try presenter.explain(Self.fixture(Self.comboEarly))
        #expect(presentation.phase == "combo")
        #expect(presentation.layout[.islandExpanded]?.dropped == ["location"])

        let row = try Self.line(of: "text = \"In progress\"", in: "badges.lua")
        let layout = try Self.line(of: "return function(input)", in: "layout.lua")
        let text = explanation.text(.notes)
        #expect(text.contains("""
            badge
              rules/meetings/badges.lua:\(row): row 2: phase = "combo", one of "progress", "combo" → text = "In progress", tone = "green"

            """), "\(text)")
        #expect(text.contains("""
            layout.islandExpanded
              rules/meetings/layout.lua:\(layout): location dropped: islandExpanded shows at most 6 fields ("Studio" is 47.2 pt wide, slot center has 117.0 pt)

            """), "\(text)")

        let dropped = try #require(explanation.entries.first { $0.kind == .dropped && $0.output == "layout.islandExpanded" })
        #expect(dropped.output == "layout.islandExpanded" && dropped.field == "location" && dropped.stage == "layout")
        #expect(dropped.width == 47.25 && dropped.budget == 117 && dropped.capacity == 6)
        let decision = try #require(explanation.entries.first { $0.kind == .decision })
        #expect(decision.row == 2 && decision.file == "rules/meetings/badges.lua" && decision.line == row)
        #expect(decision.comparisons == [DecisionComparison(name: "phase", value: "\"combo\"", condition: "one of \"progress\", \"combo\"",
                                                            matched: true)])
    }

    @Test func fullTraceShowsTheRowsPassedOverBeforeTheOneThatMatched() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack(), explains: true)
        let fixture = try Fixture.load(from: MeetingsFixtures.folder.appendingPathComponent("fixtures/countdown-first-exactly-15-min.json"),
                                       displayPath: "countdown-first-exactly-15-min.json", manifest: MeetingsFixtures.pack().manifest)
        let explanation = try presenter.explain(fixture).explanation
        let badge = explanation.entries(.full).filter { $0.output == "badge" }.map { "\($0.location ?? ""): \($0.summary)" }
        let first = try Self.line(of: "text = \"Last in progress\"", in: "badges.lua")
        let file = "rules/meetings/badges.lua"
        #expect(badge == [
            "\(file):\(first): row 1 skipped: last = false, not true",
            "\(file):\(first + 1): row 2 skipped: phase = \"countdown\", not one of \"progress\", \"combo\"",
            "\(file):\(first + 2): row 3 skipped: phase = \"countdown\", not \"done\"",
            "\(file):\(first + 3): row 4 skipped: only = false, not true",
            "\(file):\(first + 4): row 5: first = true → text = \"First up\", tone = \"neutral\"",
        ])
        #expect(explanation.entries(.notes).filter { $0.output == "badge" }.map(\.row) == [5])
    }

    @Test func colourFallbackSaysTheContrastAgainstTheRequired() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack(), explains: true)
        let fixture = try Fixture.load(from: MeetingsFixtures.folder.appendingPathComponent("fixtures/countdown-low-contrast-dark.json"),
                                       displayPath: "countdown-low-contrast-dark.json", manifest: MeetingsFixtures.pack().manifest)
        let (presentation, explanation) = try presenter.explain(fixture)
        let fallback = try #require(explanation.entries.first { $0.output == "palette.dark" })
        #expect(fallback.kind == .fallback && fallback.required == 3)
        #expect(fallback.accent == presentation.palette.dark.accent.hex)
        let contrast = try #require(fallback.contrast)
        #expect(contrast < 3)
        #expect(fallback.summary == "dark accent \(presentation.palette.dark.accent.hex): \(presentation.palette.dark.fallback ?? "")")
        #expect(fallback.summary.contains(String(format: "%.1f:1", contrast)))
    }

    @Test func notesAndComparisonsSayTheValuesCompared() throws {
        let badge = """
            local decide = require "liverules.decide"
            local when = decide.first {
              { when = { minutes = decide.atMost(15) }, text = "Soon", tone = "neutral" },
              {                                         text = "Later", tone = "neutral" },
            }
            return function(input)
              local minutes = math.tointeger((input.facts.meeting.start - input.now) // 60)
              note("minutes until start", minutes, input.facts.first)
              local case = when { minutes = minutes }
              return { text = case.text, tone = case.tone }
            end
            """
        let pack = try TemporaryPack(files: ["badge.lua": badge])
        let loaded = try RulePack.load(from: pack.directory, displayPath: "rules/meetings")
        let fixture = try Fixture.load(from: pack.directory.appendingPathComponent("fixtures/countdown-middle.json"),
                                       displayPath: "countdown-middle.json", manifest: loaded.manifest)
        let explanation = try Presenter(pack: loaded, explains: true).explain(fixture).explanation
        #expect(explanation.text(.notes).hasPrefix("""
            badge
              rules/meetings/badge.lua:8: note: minutes until start 10 false
              rules/meetings/badge.lua:3: row 1: minutes = 10 ≤ 15 → text = "Soon", tone = "neutral"

            """), "\(explanation.text(.notes))")

        let later = try Fixture.load(from: pack.directory.appendingPathComponent("fixtures/upcoming-first.json"),
                                     displayPath: "upcoming-first.json", manifest: loaded.manifest)
        let (laterPresentation, laterExplanation) = try Presenter(pack: loaded, explains: true).explain(later)
        let rows = laterExplanation.entries(.full).filter { $0.row != nil && $0.stage == "badge" }.map(\.summary)
        #expect(laterPresentation.badge.text == "Later")
        #expect(rows.count == 2 && rows[0].hasPrefix("row 1 skipped: minutes = ") && rows[0].hasSuffix(", not ≤ 15"), "\(rows)")
        #expect(rows.last == "row 2: otherwise → text = \"Later\", tone = \"neutral\"")

        // Without explaining, note does nothing and the rules present as before.
        let plain = try Presenter(pack: loaded).present(fixture)
        #expect(plain.badge.text == "Soon")
    }

    @Test func explainingChangesNoPresentation() throws {
        let plain = try Presenter(pack: MeetingsFixtures.pack())
        let explaining = try Presenter(pack: MeetingsFixtures.pack(), explains: true)
        #expect(!plain.explains && explaining.explains)
        for name in MeetingsFixtures.names {
            let fixture = try Fixture.load(from: MeetingsFixtures.folder.appendingPathComponent("fixtures/\(name).json"),
                                           displayPath: name, manifest: MeetingsFixtures.pack().manifest)
            let (explained, first) = try explaining.explain(fixture)
            #expect(try explained.canonicalJSON() == MeetingsFixtures.golden(name), "\(name)")
            #expect(try explaining.explain(fixture).explanation == first, "\(name): the same entries again")
        }
    }

    @Test func typedStateIsExplainedAsItsFixtureIs() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack(), explains: true)
        let name = "countdown-low-contrast-dark"
        let typed = try MeetingsFixtures.load(name)
        let (presentation, explanation) = try presenter.explain(
            attributes: typed.attributes, state: typed.state, now: typed.now, previousPhase: typed.previousPhase)
        let fixture = try Fixture.load(from: MeetingsFixtures.folder.appendingPathComponent("fixtures/\(name).json"),
                                       displayPath: name, manifest: MeetingsFixtures.pack().manifest)
        #expect(try presentation.canonicalJSON() == MeetingsFixtures.golden(name))
        #expect(explanation == (try presenter.explain(fixture).explanation))
        #expect(explanation.entries.contains { $0.kind == .fallback })
    }

    @Test func jsonFormRoundTrips() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack(), explains: true)
        let explanation = try presenter.explain(Self.fixture(Self.comboEarly)).explanation
        for detail in ExplanationDetail.allCases {
            let text = try JSONWriter.canonical(explanation.json(detail))
            let decoded = try JSONDecoder().decode(Explanation.self, from: Data(text.utf8))
            #expect(decoded == Explanation(entries: explanation.entries(detail)))
        }
        let encoded = try JSONEncoder().encode(explanation)
        #expect(try JSONDecoder().decode(Explanation.self, from: encoded) == explanation)
    }

    @Test func originOfAChangedFieldIsTheMostSpecificEntry() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack(), explains: true)
        let explanation = try presenter.explain(Self.fixture(Self.comboEarly)).explanation
        #expect(explanation.origin(of: "badge.text")?.kind == .decision)
        #expect(explanation.origin(of: "layout.islandExpanded.dropped[0]")?.field == "location")
        #expect(explanation.origin(of: "layout.lockScreen.fields[1].text")?.kind == .placed)
        #expect(explanation.origin(of: "palette.dark.accent")?.output == "palette.dark")
        #expect(explanation.origin(of: "relevance.score") == nil)
    }
}
