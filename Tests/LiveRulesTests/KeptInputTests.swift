import Foundation
import LiveRules
import LiveRulesExamples
import TestPacks
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

    /// A fixed-seed walk of edits to a day (titles, times, locations, colours the schema refuses,
    /// late notices, meetings added, removed and swapped, and no change at all), presented by one
    /// presenter as the app's types and by another as fixture JSON. Lists reuse the meetings that
    /// did not change since the last presentation; every presentation and every refusal equals
    /// that of a presenter that reuses nothing (it presents a day without meetings in between).
    @Test func aChangedListPresentsAsIfEncodedAfresh() throws {
        let fixture = try MeetingsFixtures.load("countdown-middle")
        let walking = [false: try Presenter(pack: MeetingsFixtures.pack()), true: try Presenter(pack: MeetingsFixtures.pack())]
        let reference = try Presenter(pack: MeetingsFixtures.pack())
        let empty = MeetingsContentState(meetings: [])
        var random = SplitMix64(seed: 0x5EED)
        var state = fixture.state
        var refused = 0
        var reused = [false: 0, true: 0]
        for step in 0..<160 {
            state = Self.edit(state, with: &random)
            func outcome(_ presenter: Presenter, asJSON: Bool) -> String {
                do {
                    if asJSON {
                        let json = Fixture(file: "walk.json", now: fixture.now.timeIntervalSince1970, previousPhase: fixture.previousPhase,
                                           attributes: .object(["timeZone": .string(fixture.attributes.timeZone)]), state: Self.json(state))
                        return try presenter.present(json).canonicalJSON()
                    }
                    return try presenter.present(attributes: fixture.attributes, state: state, now: fixture.now,
                                                 previousPhase: fixture.previousPhase).canonicalJSON()
                } catch {
                    return "refused: \(error)"
                }
            }
            for asJSON in [false, true] {
                _ = try reference.present(attributes: fixture.attributes, state: empty, now: fixture.now)
                let expected = outcome(reference, asJSON: asJSON)
                #expect(reference.elementsReusedByLastPresentation == 0)
                #expect(outcome(walking[asJSON]!, asJSON: asJSON) == expected, "step \(step), JSON \(asJSON)")
                reused[asJSON, default: 0] += walking[asJSON]!.elementsReusedByLastPresentation
                if expected.hasPrefix("refused") { refused += 1 }
            }
        }
        #expect(refused > 10 && refused < 160, "the walk should mix refused and good days: \(refused) refused")
        // Most edits change one meeting of about five: most meetings are reused.
        #expect(reused[false, default: 0] > 300 && reused[true, default: 0] > 300, "meetings reused: \(reused)")
    }

    /// A state with one meeting changed reuses every other meeting, as the app's types and as
    /// fixture JSON; one with a meeting inserted in front reuses none (elements are matched by
    /// position), and the same state again is kept whole (nothing pushed).
    @Test func aChangedStateReusesTheMeetingsThatDidNotChange() throws {
        let fixture = try MeetingsFixtures.load("countdown-middle")
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        let count = fixture.state.meetings.count
        var renamed = fixture.state
        renamed.meetings[count - 1].title += " (moved)"
        var inserted = renamed
        inserted.meetings.insert(Meeting(id: "first", title: "Breakfast", start: fixture.now, end: fixture.now + 600), at: 0)
        func reused(_ state: MeetingsContentState, asJSON: Bool) throws -> Int {
            if asJSON {
                _ = try presenter.present(Fixture(file: "day.json", now: fixture.now.timeIntervalSince1970,
                                                  attributes: .object(["timeZone": .string(fixture.attributes.timeZone)]), state: Self.json(state)))
            } else {
                _ = try presenter.present(attributes: fixture.attributes, state: state, now: fixture.now)
            }
            return presenter.elementsReusedByLastPresentation
        }
        for asJSON in [false, true] {
            #expect(try reused(fixture.state, asJSON: asJSON) == 0, "a new kind of input: nothing to reuse")
            #expect(try reused(renamed, asJSON: asJSON) == count - 1)
            #expect(try reused(inserted, asJSON: asJSON) == 0)
            #expect(try reused(inserted, asJSON: asJSON) == count + 1, "pushed again: every meeting reused")
            #expect(try reused(inserted, asJSON: asJSON) == 0, "kept whole: nothing pushed")
        }
    }

    /// Fixture JSON is reused only when identical byte for byte: a title spelled with a
    /// decomposed "é" after the same title composed (equal to Swift's `==`) presents as it does
    /// alone, whether the whole state or one meeting of the list changed.
    @Test func canonicallyEquivalentTextIsPresentedAsItCame() throws {
        let fixture = try MeetingsFixtures.load("countdown-middle")
        func day(_ cafe: String, renaming renamed: [Int]) -> Fixture {
            var state = fixture.state
            for index in renamed { state.meetings[index].title = cafe + " sync" }
            return Fixture(file: "cafe.json", now: fixture.now.timeIntervalSince1970, previousPhase: fixture.previousPhase,
                           attributes: .object(["timeZone": .string(fixture.attributes.timeZone)]), state: Self.json(state))
        }
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
        func bytes(_ presentation: Presentation) throws -> [UInt8] { try presentation.canonicalUTF8() }
        let indices = Array(fixture.state.meetings.indices)
        var shown = 0
        for renamed in indices.map({ [$0] }) + [indices] {
            let alone = try Presenter(pack: MeetingsFixtures.pack()).present(day(decomposed, renaming: renamed))
            let presenter = try Presenter(pack: MeetingsFixtures.pack())
            let first = try presenter.present(day(composed, renaming: renamed))
            _ = try presenter.present(day(composed, renaming: renamed))
            if try bytes(first) != bytes(alone) { shown += 1 }
            #expect(try bytes(presenter.present(day(decomposed, renaming: renamed))) == bytes(alone), "\(renamed) renamed")
            #expect(presenter.elementsReusedByLastPresentation == indices.count - renamed.count, "\(renamed) renamed")
        }
        #expect(shown >= 2, "the renamed title should show in some presentations: \(shown)")
    }

    /// One random edit of `state`.
    static func edit(_ state: MeetingsContentState, with random: inout SplitMix64) -> MeetingsContentState {
        var state = state
        let count = state.meetings.count
        let index = count == 0 ? 0 : Int(random.next() % UInt64(count))
        switch random.next() % 9 {
        case 0 where count > 0: state.meetings[index].title += " (moved)"
        case 1 where count > 0:
            let shift = Double(Int(random.next() % 7) - 3) * 300
            state.meetings[index].start += shift
            state.meetings[index].end += shift
        case 2 where count > 1: state.meetings.remove(at: index)
        case 3:
            var added = state.meetings.isEmpty ? Meeting(id: "x", title: "Added", start: Date(timeIntervalSince1970: 1_772_438_400),
                                                          end: Date(timeIntervalSince1970: 1_772_440_200)) : state.meetings[index]
            added.id += "-\(random.next() % 1000)"
            state.meetings.insert(added, at: index)
        case 4 where count > 1: state.meetings.swapAt(index, count - 1)
        case 5 where count > 0: state.meetings[index].location = state.meetings[index].location == nil ? "Room 2" : nil
        case 6 where count > 0: state.meetings[index].calendarColor = random.next() % 3 == 0 ? "red" : "#34C759"
        case 7 where count > 0:
            state.lateNotice = state.lateNotice == nil
                ? LateNotice(meetingId: state.meetings[index].id, sentAt: state.meetings[index].start, channel: "Slack") : nil
        default: break
        }
        return state
    }

    /// `state` as a fixture's JSON holds it (dates as Unix seconds, absent optionals left out).
    static func json(_ state: MeetingsContentState) -> JSONValue {
        var members: [String: JSONValue] = ["meetings": .array(state.meetings.map { meeting in
            var fields: [String: JSONValue] = ["id": .string(meeting.id), "title": .string(meeting.title),
                                               "start": .number(meeting.start.timeIntervalSince1970),
                                               "end": .number(meeting.end.timeIntervalSince1970)]
            fields["location"] = meeting.location.map(JSONValue.string)
            fields["calendarColor"] = meeting.calendarColor.map(JSONValue.string)
            return .object(fields)
        })]
        if let notice = state.lateNotice {
            members["lateNotice"] = .object(["meetingId": .string(notice.meetingId), "sentAt": .number(notice.sentAt.timeIntervalSince1970),
                                             "channel": .string(notice.channel)])
        }
        return .object(members)
    }
}
