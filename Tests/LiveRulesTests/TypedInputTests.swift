import Foundation
@testable import LiveRules
import LiveRulesExamples
import Testing

/// An app's own `Codable` state that does not match the pack's schema: the C check (the fast
/// path) refuses it at its first mismatch, then the Swift checker (the reference path) names
/// every mismatch, with "did you mean" and the renaming hints, at paths in the value rather
/// than positions in a file.
@Suite struct TypedInputTests {
    /// A meeting as an app might declare it, its start under another name and one more member.
    struct AppMeeting: Encodable {
        var id = "a"
        var title = "Standup"
        var startsAt = Date(timeIntervalSince1970: 1_000)
        var end = Date(timeIntervalSince1970: 2_000)
        var isAllDay = false
    }

    /// A meeting whose `CodingKeys` rename `start` (the property keeps the schema's name).
    struct RenamedMeeting: Encodable {
        var id = "a"
        var title = "Standup"
        var start = Date(timeIntervalSince1970: 1_000)
        var end = Date(timeIntervalSince1970: 2_000)

        enum CodingKeys: String, CodingKey {
            case id, title, end
            case start = "start_date"
        }
    }

    struct Day<M: Encodable>: Encodable {
        var meetings: [M]
    }

    private func error(presenting state: some Encodable, attributes: some Encodable = MeetingsAttributes(timeZone: "UTC"))
        throws -> (PresentationError, fast: SchemaMismatch?) {
        let presenter = try Presenter(pack: MeetingsFixtures.pack())
        do {
            _ = try presenter.present(attributes: attributes, state: state, now: Date(timeIntervalSince1970: 0))
        } catch {
            return (error, presenter.lastFastRefusal)
        }
        throw PresentationError.setup([])  // accepted: the caller's #require fails on it
    }

    @Test func everyMismatchOfATypedStateIsReported() throws {
        let (error, fast) = try error(presenting: Day(meetings: [AppMeeting()]))
        // The fast path stops at the first mismatch it meets, the missing start.
        #expect(fast?.description == "state.meetings[0].start: expected date, got nothing (the field is required)")
        #expect(error.mismatches.map(\.description) == [
            "state.meetings[0].isAllDay: not in the schema of Meeting (it has: id, title, start, end, location, calendarColor)",
            "state.meetings[0].startsAt: not in the schema of Meeting — did you mean start? (start is required)",
        ])
        #expect(error.description == """
            state.meetings[0].isAllDay: not in the schema of Meeting (it has: id, title, start, end, location, calendarColor)
            state.meetings[0].startsAt: not in the schema of Meeting — did you mean start? (start is required)
            """)
        guard case .input(let first, let all) = error else { Issue.record("not an input error: \(error)"); return }
        #expect(first == all.first)
    }

    @Test func aMemberNamedLikeAMissingFieldGetsDidYouMean() throws {
        let (error, _) = try error(presenting: Day(meetings: [AppMeeting()]))
        #expect(error.mismatches.contains { $0.path == "state.meetings[0].startsAt" && $0.message.contains("did you mean start?") })
        #expect(!error.mismatches.contains { $0.path == "state.meetings[0].start" }, "one mistake is reported once, at the misspelling")
    }

    @Test func aCodingKeysRenameIsNamedAsTheLikelyCause() throws {
        let (error, _) = try error(presenting: Day(meetings: [RenamedMeeting(), RenamedMeeting()]))
        #expect(error.mismatches.map(\.description) == [
            "state.meetings[0].start_date: not in the schema of Meeting — the type's CodingKeys may rename start to start_date (start is required)",
            "state.meetings[1].start_date: not in the schema of Meeting — the type's CodingKeys may rename start to start_date (start is required)",
        ])
        // The same mistake in every meeting is one diagnostic, as for a fixture.
        #expect(error.description == "state.meetings[0, 1].start_date: not in the schema of Meeting — "
            + "the type's CodingKeys may rename start to start_date (start is required)")
    }

    @Test func attributesAndStateAreBothChecked() throws {
        let (error, _) = try error(presenting: Day(meetings: [RenamedMeeting()]), attributes: ["timeZone": 3])
        #expect(error.mismatches.map(\.path) == ["attributes.timeZone", "state.meetings[0].start_date"])
    }

    @Test func typedInputErrorsHaveNoFilePosition() throws {
        for state in [try error(presenting: Day(meetings: [AppMeeting()])).0, try error(presenting: Day(meetings: [RenamedMeeting()])).0,
                      try error(presenting: MeetingsContentState(meetings: []), attributes: ["timeZone": 3]).0] {
            #expect(!state.description.contains("input:1:1"), "\(state)")
            #expect(!state.description.contains(":1:1:"), "\(state)")
            for diagnostic in state.diagnostics() {
                #expect(diagnostic.line == 0 && diagnostic.column == 0, "\(diagnostic)")
                #expect(diagnostic.file.hasPrefix("state.") || diagnostic.file.hasPrefix("attributes."), "\(diagnostic)")
            }
        }
    }

    /// A fixture names its file; the diagnostics keep it, one per mismatch.
    @Test func aNamedInputFileKeepsItsName() throws {
        let (error, _) = try error(presenting: Day(meetings: [AppMeeting()]))
        #expect(error.diagnostics(inputFile: "fixtures/x.json").map(\.description) == [
            "fixtures/x.json:1:1: error: state.meetings[0].isAllDay: not in the schema of Meeting (it has: id, title, start, end, location, calendarColor)",
            "fixtures/x.json:1:1: error: state.meetings[0].startsAt: not in the schema of Meeting — did you mean start? (start is required)",
        ])
    }

    /// The reference path reads dates as the Unix seconds a `Date` is handed over as; JSON
    /// fixtures keep ISO-8601 strings.
    @Test func typedDatesAreUnixSeconds() throws {
        let meeting: [String: JSONValue] = ["id": .string("a"), "title": .string("A"), "start": .number(60), "end": .string("2026-03-02T10:30:00Z")]
        let type = try MeetingsFixtures.pack().manifest.schema.state
        var typed: [SchemaMismatch] = [], json: [SchemaMismatch] = []
        _ = type.lower(.object(["meetings": .array([.object(meeting)])]), at: "state", dates: .unixSeconds, into: &typed)
        _ = type.lower(.object(["meetings": .array([.object(meeting)])]), at: "state", into: &json)
        #expect(typed.map(\.description) == [#"state.meetings[0].end: expected date, got "2026-03-02T10:30:00Z""#])
        #expect(json.map(\.description) == ["state.meetings[0].start: expected date, got 60"])
    }

    /// Names a renamed coding key could take, and names that only look alike.
    @Test func renamedKeysAreToldFromMisspellings() throws {
        let fields = [SchemaField(name: "start", type: .date), SchemaField(name: "calendarColor", type: .optional(.colour))]
        func said(_ key: String) -> String {
            var mismatches: [SchemaMismatch] = []
            _ = SchemaType.object(name: "M", fields: fields).lower(.object([key: .number(1)]), at: "m", dates: .unixSeconds, into: &mismatches)
            return mismatches.last?.message ?? ""
        }
        #expect(said("start_date") == "not in the schema of M — the type's CodingKeys may rename start to start_date (start is required)")
        #expect(said("startDate") == "not in the schema of M — the type's CodingKeys may rename start to startDate (start is required)")
        #expect(said("meeting_start") == "not in the schema of M — the type's CodingKeys may rename start to meeting_start (start is required)")
        #expect(said("calendar_color") == "not in the schema of M — the type's CodingKeys may rename calendarColor to calendar_color")
        #expect(said("startsAt") == "not in the schema of M — did you mean start? (start is required)")
        #expect(said("strat") == "not in the schema of M — did you mean start? (start is required)")
        #expect(said("isAllDay") == "not in the schema of M (it has: start, calendarColor)")
    }

    /// The re-encoding the reference path checks is what the Lua encoder hands to rules.
    @Test func typedValuesAreEncodedAsRulesSeeThem() throws {
        struct Sample: Encodable {
            var when = Date(timeIntervalSince1970: 90)
            var count = 3
            var ratio = 2.0
            var link = URL(string: "https://example.com/a")!
            var missing: String?
            var list: [Int8] = [1, 2]
        }
        #expect(try TypedInputEncoder.json(of: Sample()) == .object([
            "when": .number(90), "count": .integer(3), "ratio": .number(2), "link": .string("https://example.com/a"),
            "list": .array([.integer(1), .integer(2)]),
        ]))
        #expect(throws: EncodingError.self) { try TypedInputEncoder.json(of: [UInt64.max]) }
    }

    /// The RuleEngine's error for a pack it does not have names no file either.
    @Test func anUnknownPackHasNoFilePosition() {
        let error = PresentationError.unknownPack(name: "tinny", known: ["tiny"])
        #expect(error.description == "RuleEngine: no pack named 'tinny' is active — did you mean tiny? (active: tiny)")
    }
}
