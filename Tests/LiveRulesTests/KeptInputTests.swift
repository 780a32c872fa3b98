import Foundation
import LiveRules
import LiveRulesExamples
import Testing

/// Inputs that do not change between presentations are kept checked from their second
/// presentation on (``KeptInput`` and the driver's kept views), and a changed or refused input is
/// always checked afresh.
@Suite struct KeptInputTests {
    /// Presents `state` and returns the presentation with the Lua instructions it ran.
    static func present(
        _ presenter: Presenter, _ fixture: MeetingsFixtures.Case, state: MeetingsContentState? = nil
    ) throws -> (Presentation, Int) {
        let presentation = try presenter.present(attributes: fixture.attributes, state: state ?? fixture.state, now: fixture.now,
                                                 previousPhase: fixture.previousPhase)
        return (presentation, try #require(presenter.instructionsOfLastPresentation))
    }

    @Test func anUnchangedInputIsCheckedOnceAndAChangedOneAgain() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        presenter.metersInstructions = true
        let fixture = try MeetingsFixtures.load("countdown-middle")
        let (first, _) = try Self.present(presenter, fixture)  // also fills the helpers' memos
        let (second, checked) = try Self.present(presenter, fixture)  // seen twice: kept from now on
        let (third, kept) = try Self.present(presenter, fixture)
        #expect(second == first && third == first)
        #expect(kept < checked, "the driver checked unchanged inputs again (\(kept) instructions, \(checked) before)")

        var renamed = fixture.state
        renamed.meetings = renamed.meetings.map { meeting in
            var meeting = meeting
            meeting.title = "Renamed " + meeting.title
            return meeting
        }
        let (changed, stateChecked) = try Self.present(presenter, fixture, state: renamed)
        #expect(stateChecked > kept, "a changed state was not checked")
        #expect(try Self.present(presenter, fixture, state: renamed).0 == changed)
        let fresh = try Presenter(pack: MeetingsFixtures.pack())
        fresh.metersInstructions = true
        #expect(changed == (try Self.present(fresh, fixture, state: renamed).0))
        #expect(changed != first)
        #expect(try Self.present(presenter, fixture).0 == first)
    }

    /// The fixtures in turn, twice, through one presenter: each equals what a new presenter makes.
    @Test func keptInputsNeverLeakIntoAnotherPresentation() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        let cases = try MeetingsFixtures.names.map(MeetingsFixtures.load)
        var fresh: [Presentation] = []
        for fixture in cases {
            fresh.append(try Self.presentFresh(fixture))
        }
        for _ in 0..<2 {
            for (fixture, expected) in zip(cases, fresh) {
                for _ in 0..<2 {
                    #expect(try presenter.present(attributes: fixture.attributes, state: fixture.state, now: fixture.now,
                                                  previousPhase: fixture.previousPhase) == expected, "\(fixture.name)")
                }
            }
        }
    }

    static func presentFresh(_ fixture: MeetingsFixtures.Case) throws -> Presentation {
        try Presenter(pack: MeetingsFixtures.pack()).present(attributes: fixture.attributes, state: fixture.state, now: fixture.now,
                                                             previousPhase: fixture.previousPhase)
    }

    /// Rules of a presenter that is not strict get plain tables they can change: it keeps no
    /// input, so a rule that shortens its input list sees the whole list every time.
    @Test func aPresenterThatIsNotStrictKeepsNothing() throws {
        let temporary = try TemporaryPack(files: ["badge.lua": """
            return function(input)
              local meetings = input.state.meetings
              local count = #meetings
              meetings[count] = nil
              return { text = tostring(count), tone = "neutral" }
            end
            """])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let presenter = try Presenter(pack: pack, strict: false)
        let fixture = try MeetingsFixtures.load("countdown-middle")
        let texts = try (0..<3).map { _ in
            try presenter.present(attributes: fixture.attributes, state: fixture.state, now: fixture.now).badge.text
        }
        #expect(texts == Array(repeating: String(fixture.state.meetings.count), count: 3))
    }

    /// A state the schema refuses, presented twice after a good one, is refused the same way both
    /// times, and the good one still presents as before.
    @Test func aRefusedInputIsCheckedAfreshEveryTime() throws {
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        let fixture = try MeetingsFixtures.load("countdown-middle")
        let good = try presenter.present(attributes: fixture.attributes, state: fixture.state, now: fixture.now)
        var bad = fixture.state
        bad.meetings[0].calendarColor = "red"
        var messages: [String] = []
        for _ in 0..<2 {
            do {
                _ = try presenter.present(attributes: fixture.attributes, state: bad, now: fixture.now)
                Issue.record("accepted a colour that is not #RRGGBB")
            } catch {
                messages.append(error.description)
            }
        }
        #expect(messages.count == 2 && messages[0] == messages[1], "\(messages)")
        #expect(messages.first?.contains("state.meetings[0].calendarColor: expected colour, got \"red\"") == true, "\(messages)")
        #expect(try presenter.present(attributes: fixture.attributes, state: fixture.state, now: fixture.now) == good)
    }
}
