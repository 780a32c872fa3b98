import Foundation
import LiveRulesActivity
import Testing

/// `schemas/live-presentation-v1.schema.json` holds producers strict: it accepts every v1
/// sample body and what the library encodes, and rejects each mistake a producer could make,
/// the bodies only a lenient consumer reads among them.
@Suite struct SchemaTests {
    /// A mistake: the meetings body with `from` replaced by `to`, which the validator reports at
    /// `path` (slash-separated; empty for the top level).
    static let mistakes: [(why: String, from: String, to: String, path: String)] = [
        ("a newer version", #""v": 1"#, #""v": 2"#, "v"),
        ("the version as text", #""v": 1"#, #""v": "1""#, "v"),
        ("an empty phase", #""phase": "countdown""#, #""phase": """#, "phase"),
        ("an extra top-level member", #""phase": "countdown","#, #""phase": "countdown", "relevance": 80,"#, ""),
        ("a badge without its tone", #""text": "Next up", "tone": "neutral" }"#, #""text": "Next up" }"#, "badge"),
        ("an unknown tone", #""tone": "neutral""#, #""tone": "calm""#, "badge/tone"),
        ("a field without its text", #"{ "id": "badge", "text": "Next up" }"#, #"{ "id": "badge" }"#, "fields/0"),
        ("an extra field member", #"{ "id": "badge", "text": "Next up" }"#, #"{ "id": "badge", "text": "Next up", "bold": true }"#, "fields/0"),
        ("an unknown glyph", #"{ "id": "location", "text": "Studio" }"#, #"{ "id": "location", "text": "Studio", "glyph": "sparkle" }"#, "fields/3/glyph"),
        ("a green dot not spelled dot", #"{ "id": "location", "text": "Studio" }"#, #"{ "id": "location", "text": "Studio", "glyph": "green dot" }"#, "fields/3/glyph"),
        ("an icon name in capitals", #"{ "id": "location", "text": "Studio" }"#, #"{ "id": "location", "text": "Studio", "glyph": "icon:Bell" }"#, "fields/3/glyph"),
        ("a timer and a progress at once", #"{ "id": "location", "text": "Studio" }"#,
         #"{ "id": "location", "text": "Studio", "timer": { "date": 0, "counts": "up" }, "progress": { "start": 0, "finish": 1 } }"#, "fields/3"),
        ("a timer counting sideways", #""counts": "down", "prefix""#, #""counts": "sideways", "prefix""#, "fields/2/timer/counts"),
        ("a date as ISO-8601 text", #""date": 794136600, "counts": "down", "prefix""#, #""date": "2026-03-02T09:30:00Z", "counts": "down", "prefix""#, "fields/2/timer/date"),
        ("a timer without counts", #"{ "date": 794136600, "counts": "down" }"#, #"{ "date": 794136600 }"#, "fields/6/timer"),
        ("an empty prefix", #""prefix": "in ""#, #""prefix": """#, "fields/2/timer/prefix"),
        ("a progress without its finish", #""start": 794135700, "finish": 794136600"#, #""start": 794135700"#, "fields/7/progress"),
        ("an extra progress member", #""finish": 794136600 }"#, #""finish": 794136600, "curve": "ease" }"#, "fields/7/progress"),
        ("a negative index", #""islandMinimal": [7]"#, #""islandMinimal": [-1]"#, "placements/islandMinimal/0"),
        ("a fractional index", #""islandMinimal": [7]"#, #""islandMinimal": [7.5]"#, "placements/islandMinimal/0"),
        ("an index as text", #""islandMinimal": [7]"#, #""islandMinimal": ["7"]"#, "placements/islandMinimal/0"),
        ("an empty placement", #""islandMinimal": [7]"#, #""islandMinimal": []"#, "placements/islandMinimal"),
        ("an index repeated", #""watchSmartStack": [1, 2, 3]"#, #""watchSmartStack": [1, 2, 2]"#, "placements/watchSmartStack"),
        ("an unknown placement", #""islandMinimal": [7]"#, #""carPlay": [7]"#, "placements"),
        ("a field as text", #"{ "id": "badge", "text": "Next up" }"#, #""badge""#, "fields/0"),
        ("a colour without its #", ##""accent": "#5856D6""##, ##""accent": "5856D6""##, "palette/light/accent"),
        ("a short colour", ##""background": "#FFFFFF""##, ##""background": "#FFF""##, "palette/light/background"),
        ("a colour with an alpha", ##""background": "#FFFFFF""##, ##""background": "#FFFFFFFF""##, "palette/light/background"),
        ("an appearance without its accent", ##", "accent": "#FF0000" }"##, " }", "palette/standByNight"),
        ("no StandBy night appearance", #""standByNight""#, #""standByNightX""#, "palette"),
    ]

    @Test func theSchemaAcceptsV1BodiesAndRejectsEachMistake() throws {
        let meetings = try #require(String(data: try Samples.data("meetings-countdown"), encoding: .utf8))
        var bodies: [String: Data] = [:], paths: [String: String] = [:]
        for name in Samples.valid {
            bodies["sample \(name)"] = try Samples.data(name)
            bodies["encoded \(name)"] = try JSONEncoder().encode(try Samples.presentation(name))
        }
        bodies["the tests' small body"] = Data(Samples.body().utf8)
        let accepted = Set(bodies.keys)
        for name in Samples.lenient {
            bodies["lenient \(name)"] = try Samples.data(name)
        }
        for mistake in Self.mistakes {
            #expect(meetings.contains(mistake.from), "\(mistake.why): '\(mistake.from)' is not in the body")
            let range = try #require(meetings.range(of: mistake.from))
            bodies[mistake.why] = Data(meetings.replacingCharacters(in: range, with: mistake.to).utf8)
            paths[mistake.why] = mistake.path
        }

        let errors = try SchemaValidator.errors(in: bodies)
        #expect(Set(errors.keys) == Set(bodies.keys))
        for (name, found) in errors.sorted(by: { $0.key < $1.key }) {
            if accepted.contains(name) {
                #expect(found.isEmpty, "\(name): \(found)")
            } else {
                #expect(!found.isEmpty, "\(name) was accepted")
                if let path = paths[name] { #expect(found.contains { $0.hasPrefix(path + ": ") }, "\(name): \(found)") }
            }
        }
        // Every mistake still decodes on a device: consumers stay lenient.
        for mistake in Self.mistakes {
            let range = try #require(meetings.range(of: mistake.from))
            #expect(throws: Never.self, "\(mistake.why)") { try Samples.decode(meetings.replacingCharacters(in: range, with: mistake.to)) }
        }
    }

    /// Without python3 the check fails, saying what to install: it is never skipped.
    @Test func aMachineWithoutTheValidatorSaysWhatToInstall() {
        #expect {
            _ = try SchemaValidator.errors(in: ["body": Data("{}".utf8)], searchPath: "/nonexistent")
        } throws: { error in
            "\(error)".contains("sudo apt-get install python3-jsonschema")
        }
    }
}
