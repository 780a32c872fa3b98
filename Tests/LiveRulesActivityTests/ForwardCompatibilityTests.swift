import Foundation
import LiveRulesActivity
import Testing

/// An update an activity cannot decode is dropped and the activity stops updating: the library
/// reads what it can of any JSON object, one rule each, and fails only when the value is not one.
@Suite struct ForwardCompatibilityTests {
    @Test(arguments: ["[]", #""presentation""#, "1", "null", "true", "", "{", #"{"v": 1"#])
    func onlyAValueThatIsNotAnObjectFails(json: String) {
        #expect(throws: DecodingError.self) { try Samples.decode(json) }
    }

    @Test func aNewerVersionWithExtraMembersDecodesBestEffort() throws {
        let presentation = try Samples.presentation("v2-extra-members")
        #expect(presentation.version == 2)
        #expect(presentation.phase == "live")
        #expect(presentation.badge.text == "Goal!")
        #expect(presentation.badge.tone == LiveTone(rawValue: "celebration"))
        #expect(Samples.shown(presentation, .lockScreen) == [
            "score: 3–1 (sparkle)", "clock: 1:12:00", "countdown: in 5:00 [timer down 800652000.0 prefix 'in ']",
            "half: 10% [progress 800650000.0...800660000.0]", "scorer: Dupont 71' (purple dot)",
        ])
        #expect(presentation.fields(in: .lockScreen).last?.glyph == .dot(LiveTone(rawValue: "purple")))
        #expect(Samples.shown(presentation, .islandCompactLeading) == ["score: 3–1 (sparkle)"])
        #expect(presentation.colours(for: .light).accent.hex == "#E30613")
    }

    @Test func anUnknownPlacementIsKeptAndNeverAskedFor() throws {
        let presentation = try Samples.decode(Samples.body(placements: #"{"carPlay": [0], "lockScreen": [0]}"#))
        #expect(Samples.shown(presentation, .lockScreen) == ["title: Design review"])
        #expect(Samples.shown(presentation, LivePlacement(rawValue: "carPlay")) == ["title: Design review"])
        #expect(LivePlacement.known.filter { !presentation.fields(in: $0).isEmpty } == [.lockScreen])
    }

    @Test func anUnknownGlyphIsKeptAsSpelled() throws {
        let glyph = { (json: String) in try Samples.decode(Samples.body(field: #"{"id": "a", "text": "A", "glyph": \#(json)}"#)).fields(in: .lockScreen).first?.glyph }
        #expect(try glyph(#""sparkle""#) == .unknown("sparkle"))
        #expect(try glyph(#""icon:""#) == .unknown("icon:"))
        #expect(try glyph(#""very warning dot""#) == .unknown("very warning dot"))
        #expect(try glyph(#""green dot""#) == .dot(.green))
        #expect(try glyph(#""icon:bell""#) == .icon("bell"))
        // Not a string: the glyph is left out, the field kept.
        #expect(try glyph("7") == nil)
        #expect(try glyph("null") == nil)
    }

    @Test func anUnknownToneIsKeptAndAMalformedOneReadsNeutral() throws {
        #expect(try Samples.decode(Samples.body(badge: #"{"text": "Goal!", "tone": "gold"}"#)).badge.tone.rawValue == "gold")
        let untoned = try Samples.decode(Samples.body(badge: #"{"text": "Goal!", "tone": 3}"#)).badge
        #expect(untoned.text == "Goal!")
        #expect(untoned.tone == .neutral)
    }

    @Test func aTimerCountingSidewaysShowsItsText() throws {
        let field = try Samples.decode(Samples.body(field: #"{"id": "clock", "text": "in 9:59", "timer": {"date": 794136600, "counts": "sideways"}}"#))
            .fields(in: .lockScreen)
        #expect(field.map(Samples.summary) == ["clock: in 9:59"])
    }

    @Test(arguments: [
        #"{"date": "2026-03-02T09:30:00Z", "counts": "down"}"#,
        #"{"counts": "down"}"#,
        #"{"date": 794136600}"#,
        #"{"date": 794136600, "counts": "down", "prefix": 5}"#,
        #"{"date": 794136600, "counts": "down", "suffix": ["left"]}"#,
        #"[794136600, "down"]"#,
        "null",
    ])
    func aMalformedTimerShowsItsText(timer: String) throws {
        let fields = try Samples.decode(Samples.body(field: #"{"id": "clock", "text": "9:59", "timer": \#(timer)}"#)).fields(in: .lockScreen)
        #expect(fields.map(Samples.summary) == ["clock: 9:59"])
    }

    @Test(arguments: [
        #"{"start": 794136600, "finish": 794135700}"#,
        #"{"start": 794136600, "finish": 794136600}"#,
        #"{"start": "09:15", "finish": 794136600}"#,
        #"{"start": 794135700}"#,
        #"true"#,
    ])
    func aMalformedProgressShowsItsText(progress: String) throws {
        let fields = try Samples.decode(Samples.body(field: #"{"id": "bar", "text": "33%", "progress": \#(progress)}"#)).fields(in: .lockScreen)
        #expect(fields.map(Samples.summary) == ["bar: 33%"])
    }

    @Test func anUnknownLiveKindOrTwoAtOnceShowTheText() throws {
        let unknown = try Samples.decode(Samples.body(field: #"{"id": "g", "text": "80%", "gauge": {"value": 0.8}}"#))
        #expect(Samples.shown(unknown, .lockScreen) == ["g: 80%"])
        let both = try Samples.decode(Samples.body(field: """
            {"id": "x", "text": "9:59", "timer": {"date": 794136600, "counts": "down"}, "progress": {"start": 794135700, "finish": 794136600}}
            """))
        #expect(Samples.shown(both, .lockScreen) == ["x: 9:59"])
    }

    @Test func anIndexOutOfRangeOrNotAnIndexIsSkipped() throws {
        let presentation = try Samples.decode(Samples.body(
            fields: #"[{"id": "a", "text": "A"}, {"id": "b", "text": "B"}]"#,
            placements: #"{"lockScreen": [0, 99, -1, 1.5, "1", null, 1], "islandMinimal": [99], "standBy": "0"}"#))
        #expect(Samples.shown(presentation, .lockScreen) == ["a: A", "b: B"])
        #expect(presentation.fields(in: .islandMinimal).isEmpty)
        #expect(presentation.fields(in: .standBy).isEmpty)
    }

    /// Indices keep pointing at the fields as sent, around the skipped ones.
    @Test func aMalformedFieldIsSkipped() throws {
        let presentation = try Samples.decode(Samples.body(
            fields: #"[{"id": "a"}, 5, {"id": 3, "text": "x"}, null, {"text": "no id"}, {"id": "b", "text": "B"}, {"id": "c", "text": ["C"]}]"#,
            placements: #"{"lockScreen": [0, 1, 2, 3, 4, 5, 6], "islandMinimal": [5]}"#))
        #expect(Samples.shown(presentation, .lockScreen) == ["b: B"])
        #expect(Samples.shown(presentation, .islandMinimal) == ["b: B"])
    }

    /// A placement lists a field id once, so `ForEach` over its fields has unique ids.
    @Test func aRepeatedFieldIdInAPlacementIsSkipped() throws {
        let presentation = try Samples.decode(Samples.body(
            fields: #"[{"id": "title", "text": "Design review"}, {"id": "title", "text": "DR"}, {"id": "where", "text": "Studio"}]"#,
            placements: #"{"lockScreen": [0, 0, 2, 1], "islandCompactLeading": [1]}"#))
        #expect(Samples.shown(presentation, .lockScreen) == ["title: Design review", "where: Studio"])
        #expect(Samples.shown(presentation, .islandCompactLeading) == ["title: DR"])
    }

    @Test func fieldsOrPlacementsOfTheWrongTypeShowNothing() throws {
        for (fields, placements) in [(#"{"0": {"id": "a", "text": "A"}}"#, #"{"lockScreen": [0]}"#),
                                     (#"[{"id": "a", "text": "A"}]"#, #"[[0]]"#)] {
            let presentation = try Samples.decode(Samples.body(fields: fields, placements: placements))
            #expect(LivePlacement.known.allSatisfy { presentation.fields(in: $0).isEmpty })
        }
    }

    /// Each appearance falls back to the nearest whole one: standByNight → dark → light,
    /// dark → light, light → dark; one missing a colour, or with a colour that is not
    /// `#RRGGBB`, counts as missing.
    @Test func aMissingAppearanceFallsBack() throws {
        let light = ##""light": {"background": "#FFFFFF", "foreground": "#000000", "accent": "#0A84FF"}"##
        let dark = ##""dark": {"background": "#000000", "foreground": "#FFFFFF", "accent": "#5E5CE6"}"##
        func accents(_ palette: String) throws -> [String] {
            let presentation = try Samples.decode(Samples.body(palette: palette))
            return LiveAppearance.allCases.map { presentation.colours(for: $0).accent.hex }
        }
        #expect(try accents("{\(light)}") == ["#0A84FF", "#0A84FF", "#0A84FF"])
        #expect(try accents("{\(dark)}") == ["#5E5CE6", "#5E5CE6", "#5E5CE6"])
        #expect(try accents("{\(light), \(dark)}") == ["#0A84FF", "#5E5CE6", "#5E5CE6"])
        #expect(try accents(##"{\##(light), "dark": {"background": "#000000", "foreground": "#FFFFFF"}}"##) == ["#0A84FF", "#0A84FF", "#0A84FF"])
        #expect(try accents(##"{\##(light), \##(dark), "standByNight": {"background": "#000000", "foreground": "red", "accent": "#FF0000"}}"##)
                == ["#0A84FF", "#5E5CE6", "#5E5CE6"])
        #expect(try accents(##"{"dark": 1, "standByNight": {"background": "#000000", "foreground": "#FF0000", "accent": "#FF0000"}}"##)
                == ["#8E8E93", "#8E8E93", "#FF0000"])
    }

    @Test func aMissingPaletteGivesNeutralColours() throws {
        for palette in [nil, "[]", #""dark""#] as [String?] {
            let presentation = try Samples.decode(Samples.body(palette: palette))
            let colours = LiveAppearance.allCases.map { appearance in
                let colours = presentation.colours(for: appearance)
                return [colours.background.hex, colours.foreground.hex, colours.accent.hex]
            }
            #expect(colours == [["#FFFFFF", "#000000", "#8E8E93"], ["#000000", "#FFFFFF", "#8E8E93"], ["#000000", "#FF0000", "#FF0000"]])
        }
    }

    @Test func aMissingBadgeIsNoneInTheNeutralTone() throws {
        for badge in [nil, #""Next up""#, "null", #"{"tone": "warning"}"#] as [String?] {
            let presentation = try Samples.decode(Samples.body(badge: badge))
            #expect(presentation.badge.text.isEmpty)
            #expect(presentation.badge.tone == (badge == #"{"tone": "warning"}"# ? .warning : .neutral))
        }
    }

    @Test func aMissingOrMalformedVersionReadsOneAndAPhaseEmpty() throws {
        #expect(try Samples.decode(Samples.body(version: nil)).version == 1)
        #expect(try Samples.decode(Samples.body(version: #""2""#)).version == 1)
        #expect(try Samples.decode(Samples.body(version: "7")).version == 7)
        #expect(try Samples.decode(#"{"phase": 4}"#).phase == "")
    }

    /// Bodies of an older shape: fields without glyphs, no palette, no badge, no version.
    @Test func olderShapedBodiesDecode() throws {
        let older = try Samples.presentation("older-no-glyph-no-palette")
        #expect(Samples.shown(older, .lockScreen) == ["title: Design review", "countdown: in 10:00 [timer down 794136600.0 prefix 'in ']"])
        #expect(Samples.shown(older, .islandCompactTrailing) == ["countdown: in 10:00 [timer down 794136600.0 prefix 'in ']"])
        #expect(older.colours(for: .dark).background.hex == "#000000")
        let oldest = try Samples.presentation("older-phase-and-fields-only")
        #expect(oldest.version == 1)
        #expect(oldest.phase == "countdown")
        #expect(oldest.badge.text.isEmpty)
        #expect(Samples.shown(oldest, .lockScreen) == ["title: Design review"])
        #expect(oldest.colours(for: .standByNight).foreground.hex == "#FF0000")
    }
}
