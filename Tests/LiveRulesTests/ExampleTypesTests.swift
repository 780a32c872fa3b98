import Foundation
import LiveRules
import LiveRulesExamples
import TestPacks
import Testing

/// The examples module's Swift types agree with their packs' schemas: every fixture, decoded
/// into the app's own types as an app would (Foundation's ISO-8601 dates), presents exactly its
/// golden through the typed API. A property the schema lacks, or a type it does not match,
/// fails the check with the field's path; the schema's attributes and state types carry the
/// Swift types' names.
@Suite struct ExampleTypesTests {
    private struct File<Attributes: Decodable, State: Decodable>: Decodable {
        var now: Date
        var previousPhase: String?
        var attributes: Attributes
        var state: State
    }

    private func presentEveryFixture<Attributes: Codable, State: Codable>(
        _ pack: String, _ attributes: Attributes.Type, _ state: State.Type
    ) throws {
        let folder = Paths.rules.appendingPathComponent(pack)
        let loaded = try RulePack.load(from: folder, displayPath: "rules/\(pack)")
        // The schema names its types as the app does (ActivityKit's `XAttributes` and its
        // `ContentState`, declared as `XContentState`): messages about the app's values name
        // the app's own types.
        #expect(Self.name(of: loaded.manifest.schema.attributes) == String(describing: Attributes.self))
        #expect(Self.name(of: loaded.manifest.schema.state) == String(describing: State.self))
        let presenter = try Presenter(pack: loaded)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("fixtures").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 15)
        for name in names {
            let file = try decoder.decode(File<Attributes, State>.self, from: Data(contentsOf: folder.appendingPathComponent("fixtures/\(name)")))
            let presentation = try presenter.present(attributes: file.attributes, state: file.state, now: file.now,
                                                     previousPhase: file.previousPhase)
            let golden = try String(contentsOf: folder.appendingPathComponent("golden/\(name)"), encoding: .utf8)
            #expect(try presentation.canonicalJSON() == golden, "rules/\(pack)/golden/\(name)")
        }
    }

    /// The name of an object type of the schema.
    private static func name(of type: SchemaType) -> String? {
        if case .object(let name, _) = type { name } else { nil }
    }

    @Test func meetingsTypesAgreeWithTheSchema() throws {
        try presentEveryFixture("meetings", MeetingsAttributes.self, MeetingsContentState.self)
    }

    @Test func matchTypesAgreeWithTheSchema() throws {
        try presentEveryFixture("match", MatchAttributes.self, MatchContentState.self)
    }

    @Test func deliveryTypesAgreeWithTheSchema() throws {
        try presentEveryFixture("delivery", DeliveryAttributes.self, DeliveryContentState.self)
    }
}
