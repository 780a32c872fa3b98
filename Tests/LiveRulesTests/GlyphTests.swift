import Foundation
@testable import LiveRules
import LiveRulesTooling
import TestPacks
import Testing

/// Status glyphs: their spellings, their JSON (present only when a field has one) and how an
/// unknown one in a layout rule's output is reported.
@Suite struct GlyphTests {
    @Test func spellingsNameEveryGlyphAndRoundTrip() {
        #expect(Glyph(spelling: "dot") == .dot(.green))
        #expect(Glyph(spelling: "green dot") == .dot(.green))
        #expect(Glyph(spelling: "warning dot") == .dot(.warning))
        #expect(Glyph(spelling: "icon:bell") == .icon("bell"))
        for glyph in Tone.allCases.map(Glyph.dot) + [.icon("sportscourt.fill"), .icon("a-1")] {
            #expect(Glyph(spelling: glyph.spelling) == glyph)
        }
        #expect(Glyph.dot(.green).spelling == "dot")
        for wrong in ["", "dott", "blue dot", "icon:", "icon:Bell", "icon:a b", " dot"] {
            #expect(Glyph(spelling: wrong) == nil, "\(wrong)")
        }
    }

    /// A field encodes "glyph" only when it has one, so goldens of fields without one keep their
    /// bytes; both decode to themselves.
    @Test func fieldsEncodeAGlyphOnlyWhenTheyHaveOne() throws {
        let plain = LayoutField(id: "score", text: "2–1")
        let dotted = LayoutField(id: "score", text: "2–1", glyph: .dot(.green))
        #expect(try JSONWriter.canonical(plain.json) == "{\n  \"id\": \"score\",\n  \"text\": \"2–1\"\n}\n")
        #expect(try JSONWriter.canonical(dotted.json) == "{\n  \"glyph\": \"dot\",\n  \"id\": \"score\",\n  \"text\": \"2–1\"\n}\n")
        for field in [plain, dotted, LayoutField(id: "eta", text: "8m", glyph: .icon("bicycle"))] {
            let data = try JSONEncoder().encode(field)
            #expect(try JSONDecoder().decode(LayoutField.self, from: data) == field)
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(LayoutField.self, from: Data(#"{"id": "score", "text": "1", "glyph": "dott"}"#.utf8))
        }
    }

    /// An unknown glyph is an error of the layout rule at its path, with a suggestion.
    @Test func anUnknownGlyphNamesThePathAndSuggests() throws {
        let temporary = try TemporaryPack(files: ["layout.lua": """
            local layout = require "liverules.layout"
            return function(input)
              return layout.each(function() return { { id = "badge", text = "x", glyph = "dott" } } end)
            end
            """])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let input = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/done.json"),
                                     displayPath: "fixtures/done.json", manifest: pack.manifest)
        #expect {
            _ = try Presenter(pack: pack).present(input)
        } throws: { error in
            "\(error)" == "rules/meetings/layout.lua:3:70: error: layout.lockScreen.fields[1].glyph: unknown glyph 'dott' — did you mean dot?"
        }
    }

    /// The match pack's minimal view: the live dot with every score, the score shortened rather
    /// than dropped, no dot once the match is over.
    @Test func theMatchMinimalViewShowsTheDotWithEveryScore() throws {
        let folder = Paths.rules.appendingPathComponent("match")
        let pack = try RulePack.load(from: folder, displayPath: "rules/match")
        let presenter = try Presenter(pack: pack)
        let expected: [(String, LayoutField)] = [
            ("glyph-live-0-0", LayoutField(id: "score", text: "0–0", glyph: .dot(.green), slot: "main", line: 1)),
            ("glyph-live-1-1", LayoutField(id: "score", text: "1–1", glyph: .dot(.green), slot: "main", line: 1)),
            ("glyph-live-2-1", LayoutField(id: "score", text: "2–1", glyph: .dot(.green), slot: "main", line: 1)),
            ("glyph-live-10-0", LayoutField(id: "score", text: "10–0", glyph: .dot(.green), slot: "main", line: 1)),
            ("glyph-live-12-11", LayoutField(id: "score", text: "12:11", glyph: .dot(.green), slot: "main", line: 1)),
            ("glyph-after-10-0", LayoutField(id: "score", text: "10–0", slot: "main", line: 1)),
        ]
        for (name, field) in expected {
            let fixture = try Fixture.load(from: folder.appendingPathComponent("fixtures/\(name).json"),
                                           displayPath: "fixtures/\(name).json", manifest: pack.manifest)
            #expect(try presenter.present(fixture).layout[.islandMinimal]?.fields == [field], "\(name)")
        }
    }
}
