import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// The presentation in the push: its device form, the content-state forms a pack chooses, and
/// the validator's checks of a presentation body (the bundled fixtures' pushes, their sizes and
/// their decoding on the device: `BundledPushTests`).
@Suite struct PresentationPayloadTests {
    static let meetings: RulePack = {
        // The bundled pack: loading it is checked by its own tests.
        try! RulePack.load(from: Paths.rules.appendingPathComponent("meetings"), displayPath: "rules/meetings")
    }()

    /// The device form writes each distinct field once, placements by index with their regions,
    /// dates since 2001, and nothing only tooling reads; the same presentation gives the same bytes.
    @Test func theDeviceFormIsCompactAndDeterministic() throws {
        let presenter = try Presenter(pack: Self.meetings)
        let fixture = try Fixture.load("fixtures/countdown-middle.json", in: Self.meetings.folder, manifest: Self.meetings.manifest)
        let presentation = try presenter.present(fixture)
        let form = presentation.deviceForm
        guard case .object(let members) = form, case .array(let fields)? = members["fields"], case .object(let placements)? = members["placements"] else {
            Issue.record("not the device form: \(form)")
            return
        }
        #expect(Set(members.keys) == ["v", "phase", "badge", "fields", "placements", "regions", "palette"])
        // Where each placement draws its fields, one region per field it lists.
        guard case .object(let regions)? = members["regions"] else { Issue.record("no regions"); return }
        #expect(regions["lockScreen"] == .array(["body:1", "title:1", "body:1", "body:1", "body:1"].map(JSONValue.string)))
        #expect(regions["islandExpanded"] == .array(["leading:1", "trailing:1", "bottom:1", "center:1"].map(JSONValue.string)))
        #expect(members["v"] == .integer(1))
        #expect(Set(fields).count == fields.count, "each field once")
        // The lock screen's countdown: a timer to 09:30Z, 2001-based.
        guard case .array(let lock)? = placements["lockScreen"], case .integer(let index)? = lock.dropFirst(2).first,
              case .object(let countdown) = fields[Int(index)] else { Issue.record("no countdown"); return }
        #expect(countdown["text"] == .string("in 10:00"))
        #expect(countdown["timer"] == .object(["date": .integer(Int64(1_772_443_800 - 978_307_200)), "counts": .string("down"), "prefix": .string("in ")]))
        // The same field in five placements is written once.
        let uses = placements.values.flatMap { list -> [JSONValue] in if case .array(let items) = list { items } else { [] } }
        #expect(uses.filter { $0 == .integer(index) }.count == 5)
        #expect(try JSONWriter.compact(try presenter.present(fixture).deviceForm) == JSONWriter.compact(form))
        // Nothing only tooling reads: no dropped lists, no fallback reasons, no timing.
        let text = try JSONWriter.compact(form)
        for word in ["dropped", "fallback", "stale", "calendar colour"] { #expect(!text.contains(word), "\(word)") }
    }

    /// A body whose content state is the presentation: valid as built, and each break of the
    /// contract a finding at its path.
    @Test(arguments: [
        ("v", JSONValue.integer(2), #"aps["content-state"].v"#),
        ("phase", .string("countdwn"), #"aps["content-state"].phase"#),
        ("badge", .object(["text": .string("Next up"), "tone": .string("blue")]), #"aps["content-state"].badge.tone"#),
        ("placements", .object(["lockScreen": .array([.integer(99)])]), #"aps["content-state"].placements.lockScreen[0]"#),
        ("placements", .object(["lockscreen": .array([])]), #"aps["content-state"].placements.lockscreen"#),
        ("fields", .array([.object(["id": .string("titel"), "text": .string("A")])]), #"aps["content-state"].fields[0].id"#),
        ("fields", .array([.object(["id": .string("countdown"), "text": .string("in 1:00"),
                                    "timer": .object(["date": .integer(1_772_443_800), "counts": .string("down")])])]),
         #"aps["content-state"].fields[0].timer.date"#),
        ("fields", .array([.object(["id": .string("clock"), "text": .string("66:20"),
                                    "timer": .object(["date": .integer(800_000_000), "counts": .string("up"), "showsHours": .bool(true)])])]),
         #"aps["content-state"].fields[0].timer.showsHours"#),
        ("fields", .array([.object(["id": .string("clock"), "text": .string("66:20"),
                                    "timer": .object(["date": .integer(800_000_000), "counts": .string("up"), "showsHours": .string("no")])])]),
         #"aps["content-state"].fields[0].timer.showsHours"#),
        ("fields", .array([.object(["id": .string("progress"), "text": .string("1%"),
                                    "progress": .object(["start": .integer(10), "finish": .integer(10)])])]),
         #"aps["content-state"].fields[0].progress.finish"#),
        ("palette", .object(["light": .object([:])]), #"aps["content-state"].palette.light.background"#),
        ("regions", .object(["lockScreen": .array([.string("title:1")])]), #"aps["content-state"].regions.lockScreen"#),
        ("regions", .object(["watchSmartStack": .array([.string("main:3"), .string("main:1"), .string("main:2")])]),
         #"aps["content-state"].regions.watchSmartStack[0]"#),
        ("regions", .object(["islandMinimal": .array([.string("leading:1")])]), #"aps["content-state"].regions.islandMinimal[0]"#),
    ])
    func aPresentationOutsideTheContractIsAFinding(_ member: String, _ value: JSONValue, _ path: String) throws {
        let presenter = try Presenter(pack: Self.meetings)
        let fixture = try Fixture.load("fixtures/countdown-middle.json", in: Self.meetings.folder, manifest: Self.meetings.manifest)
        let builder = try PushPayloadBuilder(manifest: Self.meetings.manifest)
        let payload = try builder.build(.update, presentation: try presenter.present(fixture), attributes: fixture.attributes,
                                        state: fixture.state, now: fixture.now)
        let validator = PayloadValidator(manifest: Self.meetings.manifest)
        let context = PayloadValidator.Context(now: fixture.now)
        #expect(validator.validate(payload, context: context).filter { $0.severity == .error }.isEmpty)
        guard case .object(var body) = payload.body, case .object(var aps)? = body["aps"], case .object(var state)? = aps["content-state"] else {
            Issue.record("no content state")
            return
        }
        state[member] = value
        aps["content-state"] = .object(state)
        body["aps"] = .object(aps)
        let findings = validator.validate(PushPayload(headers: payload.headers, body: .object(body)), context: context)
        #expect(findings.contains { $0.path == path && $0.severity == .error }, "\(findings.map(\.description))")
    }

    /// A body over APNs' limit names its largest parts.
    @Test func anOversizedBodyNamesItsLargestParts() {
        let parts = PayloadCheck.largestParts(of: .object(["aps": .object(["content-state": .object([
            "fields": .string(String(repeating: "x", count: 3_000)), "phase": .string("countdown"),
        ]), "timestamp": .integer(1)])]), at: "")
        #expect(parts == #"aps["content-state"].fields (3002 bytes), aps["content-state"].phase (11 bytes), aps.timestamp (1 bytes)"#)
    }

    /// `"contentState"` is read and checked in `pack.json`.
    @Test(arguments: [
        (#""contentState": "both""#, nil as String?),
        (#""contentState": "both", "presentationKey": "rules""#, nil),
        (#""contentState": "presentation""#, nil),
        (#""contentState": "presentaton""#, "'contentState' must be one of \"state\", \"presentation\", \"both\", got \"presentaton\" — did you mean presentation?"),
        (#""contentState": "both", "presentationKey": "meetings""#, "'meetings' is already MeetingsContentState.meetings's key in the content state"),
        (#""contentState": "presentation", "presentationKey": "rules""#, "'presentationKey' names where the presentation goes beside the state"),
        (#""contentState": "both", "presentationKey": "1st""#, "'presentationKey' must be a key such as \"presentation\""),
    ])
    func theContentStateFormIsCheckedInTheManifest(_ members: String, _ expected: String?) throws {
        let manifest = try String(contentsOf: Paths.rules.appendingPathComponent("meetings/pack.json"), encoding: .utf8)
        let edited = manifest.replacingOccurrences(of: #""contentState": "presentation""#, with: members)
        #expect(edited != manifest || members == #""contentState": "presentation""#)
        let pack = try TemporaryPack(files: ["pack.json": edited])
        do {
            let loaded = try RulePack.load(from: pack.directory, displayPath: "rules/meetings")
            #expect(expected == nil, "loaded: \(String(describing: loaded.manifest.push?.contentState))")
        } catch {
            let text = "\(error)"
            #expect(expected.map(text.contains) == true, "\(text)")
        }
    }
}
