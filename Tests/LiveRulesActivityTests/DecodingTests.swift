import Foundation
import LiveRulesActivity
import Testing

/// The sample v1 bodies decode to exactly the fields each placement shows, the colours of each
/// appearance, the badge and the live forms' dates (seconds since 2001), and encode back to
/// themselves, alone or inside an app's content state.
@Suite struct DecodingTests {
    /// 2026-03-02T09:20:00Z, ten minutes before the design review: the meetings body's moment.
    static let meetingsMoment = Samples.at(794_136_000)
    /// 67 minutes and half a second after the match's kickoff: the match body's moment.
    static let matchMoment = Samples.at(800_651_220.75)

    @Test func theMeetingsBodyShowsEachPlacementsFieldsInOrder() throws {
        let presentation = try Samples.presentation("meetings-countdown")
        #expect(presentation.version == 1)
        #expect(presentation.phase == "countdown")
        #expect(presentation.badge.text == "Next up")
        #expect(presentation.badge.tone == .neutral)
        let full = ["badge: Next up", "title: Design review", "countdown: in 10:00 [timer down 794136600.0 prefix 'in ']",
                    "location: Studio", "runningLate: Running late?"]
        let expected: [LivePlacement: [String]] = [
            .lockScreen: full,
            .islandCompactLeading: ["title: DR"],
            .islandCompactTrailing: ["countdown: 10:00 [timer down 794136600.0]"],
            .islandMinimal: ["progress: 33% [progress 794135700.0...794136600.0]"],
            .islandExpanded: [full[1], full[2], full[4], full[3]],
            .standBy: full,
            .watchSmartStack: [full[1], full[2], full[3]],
            .androidOngoing: [full[1], full[2], full[4]],
        ]
        for placement in LivePlacement.known {
            #expect(Samples.shown(presentation, placement) == expected[placement], "\(placement.rawValue)")
        }
    }

    /// Dates are seconds since 2001-01-01, as a default `JSONDecoder` reads a `Date`: the
    /// design review starts 2026-03-02T09:30:00Z, Unix 1772443800.
    @Test func liveDatesCountFrom2001() throws {
        let presentation = try Samples.presentation("meetings-countdown")
        guard case .timer(let timer) = presentation.fields(in: .islandCompactTrailing).first?.content,
              case .progress(let progress) = presentation.fields(in: .islandMinimal).first?.content else {
            Issue.record("expected a timer and a progress")
            return
        }
        #expect(timer.date.timeIntervalSince1970 == 1_772_443_800)
        #expect(timer.countsDown)
        #expect(progress.start.timeIntervalSince1970 == 1_772_442_900)
        #expect(progress.finish == timer.date)
        #expect(progress.interval == progress.start...progress.finish)
    }

    @Test func theMatchBodyCarriesGlyphsCountUpTimersAndFractionalDates() throws {
        let presentation = try Samples.presentation("match-live")
        #expect(presentation.phase == "live")
        #expect(presentation.badge.text == "Live")
        #expect(presentation.badge.tone == .green)
        #expect(Samples.shown(presentation, .lockScreen) == [
            "teams: Lyon – Paris (icon:sportscourt.fill)", "score: 2–1",
            "clock: 1:07:00 played [timer up 800647200.25 suffix ' played']", "event: Red card (critical dot)",
            "half: 74% [progress 800647200.25...800652600.25]",
        ])
        #expect(Samples.shown(presentation, .islandMinimal) == ["score: 2–1 (dot)"])
        #expect(Samples.shown(presentation, .islandExpanded).last == "stoppage: +3 (warning dot)")
        #expect(Samples.shown(presentation, .watchSmartStack) == ["score: 2–1", "clock: 1:07:00 [timer up 800647200.25]"])
        let glyphs = presentation.fields(in: .islandExpanded).compactMap(\.glyph)
        #expect(glyphs == [.icon("sportscourt.fill"), .dot(.critical), .dot(.warning)])
        #expect(presentation.fields(in: .islandMinimal).first?.glyph == .dot(.green))
    }

    /// Each live field's text is its reading at the push's moment.
    @Test(arguments: [("meetings-countdown", DecodingTests.meetingsMoment), ("match-live", DecodingTests.matchMoment)])
    func liveTextsAreTheirReadingsAtThePushMoment(name: String, moment: Date) throws {
        let presentation = try Samples.presentation(name)
        var live = 0
        for field in LivePlacement.known.flatMap(presentation.fields(in:)) {
            switch field.content {
            case .text: continue
            case .timer(let timer): #expect(timer.reading(at: moment) == field.text, "\(field.id)")
            case .progress(let progress): #expect(progress.reading(at: moment) == field.text, "\(field.id)")
            }
            live += 1
        }
        #expect(live > 0)
    }

    @Test func everyAppearanceHasItsColoursStandByNightIncluded() throws {
        let meetings = try Samples.presentation("meetings-countdown")
        let hexes = LiveAppearance.allCases.map { appearance in
            let colours = meetings.colours(for: appearance)
            return [colours.background.hex, colours.foreground.hex, colours.accent.hex]
        }
        #expect(hexes == [["#FFFFFF", "#000000", "#5856D6"], ["#000000", "#FFFFFF", "#5856D6"], ["#000000", "#FF0000", "#FF0000"]])
        let night = meetings.colours(for: .standByNight).foreground
        #expect([night.red, night.green, night.blue] == [1, 0, 0])
        let accent = meetings.colours(for: .light).accent
        let components: [Double] = [0x58, 0x56, 0xD6].map { $0 / 255 }
        #expect([accent.red, accent.green, accent.blue] == components)

        // Hex digits in either case; the library gives them uppercase.
        let match = try Samples.presentation("match-live")
        #expect(match.colours(for: .light).foreground.hex == "#1C1C1E")
        #expect(match.colours(for: .light).accent.red == 0xE3 / 255.0)
        #expect(match.colours(for: .standByNight).accent.hex == "#CC0000")
    }

    /// What the library encodes decodes to the same value, so an app's content state holding a
    /// presentation stays `Codable` and `Hashable` as ActivityKit needs.
    @Test(arguments: Samples.valid + Samples.lenient)
    func encodingGivesBackTheSameValue(name: String) throws {
        let presentation = try Samples.presentation(name)
        let again = try JSONDecoder().decode(LivePresentation.self, from: JSONEncoder().encode(presentation))
        #expect(again == presentation)
        #expect(again.hashValue == presentation.hashValue)
    }

    /// An app's content state: its own members beside the presentation, under the key the pack
    /// names, decoded with a default `JSONDecoder` as ActivityKit does.
    @Test func anAppsContentStateHoldsThePresentation() throws {
        struct ContentState: Codable, Hashable {
            var homeScore: Int
            var presentation: LivePresentation
        }
        let body = try #require(String(data: try Samples.data("match-live"), encoding: .utf8))
        let state = try JSONDecoder().decode(ContentState.self, from: Data(#"{"homeScore": 2, "presentation": \#(body)}"#.utf8))
        #expect(state.homeScore == 2)
        #expect(state.presentation == (try Samples.presentation("match-live")))
        #expect(try JSONDecoder().decode(ContentState.self, from: JSONEncoder().encode(state)) == state)
    }
}
