import Foundation
@testable import LiveRules
import Testing

/// The schema is checked twice over, by one contract: in Swift for JSON input (fixtures and
/// batch lines, `SchemaType.lower`) and in C for typed `Codable` input inside the state
/// (`lrl_schema_check`). The same bad value reaches neither rule, and both name it with the
/// same path and the same words. (Once the C check refuses a typed value, the Swift checker
/// names every mismatch in it: `TypedInputTests`.) (Two JSON values have no Lua counterpart to compare: `null`,
/// which is an absent member in Lua, and `[]`, an empty table like `{}`.)
@Suite struct SchemaCheckersAgreeTests {
    /// A meeting whose one member `change` replaces (or removes, for nil) is bad; the state is
    /// otherwise good, so the mismatch is the one both checkers must report.
    static let mismatches: [(String, String?)] = [
        ("title", "7"),
        ("title", nil),
        ("id", "true"),
        ("location", "[\"Room 4\"]"),
        ("calendarColor", "\"red\""),
        ("calendarColor", "\"#12345\""),
        ("calendarColor", "12"),
        ("start", "\"tomorrow\""),
        ("start", "{}"),
        ("title", "{\"text\": \"A\", \"lang\": \"en\"}"),
        ("room", "\"4.2\""),
    ]

    @Test(arguments: mismatches)
    func bothCheckersNameTheSameMismatch(member: String, value: String?) throws {
        var meeting = #"{"id": "a", "title": "A", "start": "2026-03-02T09:30:00Z", "end": "2026-03-02T10:30:00Z""#
        if let value {
            meeting = meeting.replacingOccurrences(of: #""\#(member)": [^,]*(,|$)"#, with: "", options: .regularExpression)
            meeting += #", "\#(member)": \#(value)"#
        } else {
            meeting = meeting.replacingOccurrences(of: #", "\#(member)": "[^"]*""#, with: "", options: .regularExpression)
        }
        let state = #"{"meetings": [{"id": "b", "title": "B", "start": "2026-03-02T08:00:00Z", "end": "2026-03-02T08:30:00Z"}, \#(meeting)}]}"#
        let pack = try MeetingsFixtures.pack()

        let fromJSON = try #require(try swiftMismatch(state: state, pack: pack), "the Swift checker accepted \(state)")
        let (fromC, reported) = try #require(try cMismatch(state: state, pack: pack), "the C checker accepted \(state)")
        #expect(fromJSON == fromC)
        #expect(fromJSON.hasPrefix("state.meetings[1]."), "\(fromJSON)")
        // What a typed input's error reports is the reference path's verdict on it, which for
        // one mistake is what the C check said.
        #expect(reported == [fromC])
    }

    /// What the Swift checker says of `state` in a fixture: `path: message`.
    private func swiftMismatch(state: String, pack: RulePack) throws -> String? {
        let fixture = #"{"now": "2026-03-02T09:00:00Z", "attributes": {"timeZone": "UTC"}, "state": \#(state)}"#
        do {
            _ = try Fixture.read(Data(fixture.utf8), displayPath: "fixture.json", manifest: pack.manifest)
            return nil
        } catch {
            return error.diagnostics.first?.message
        }
    }

    /// What the C checker says of the same `state` handed over as a `Codable` value, with the
    /// dates of its good members as the Unix seconds a `Date` member would give; and every
    /// mismatch the error reports (named by the Swift checker once the C check refused).
    private func cMismatch(state: String, pack: RulePack) throws -> (String, [String])? {
        let decoded = try JSONParser.parse(Data(state.utf8)).value
        let presenter = try Presenter(pack: pack)
        do {
            _ = try presenter.present(attributes: JSONValue.object(["timeZone": .string("UTC")]), state: Self.secondsForDates(decoded),
                                      now: Date(timeIntervalSince1970: 1_772_441_200))
            return nil
        } catch {
            guard case .input = error, let refusal = presenter.lastFastRefusal else { return ("not an input error: \(error)", []) }
            return (refusal.description, error.mismatches.map(\.description))
        }
    }

    /// `value` with every ISO-8601 string turned into its Unix seconds.
    private static func secondsForDates(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): ISO8601.parse(text).map { .number($0) } ?? value
        case .array(let elements): .array(elements.map(secondsForDates))
        case .object(let members): .object(members.mapValues(secondsForDates))
        default: value
        }
    }
}
