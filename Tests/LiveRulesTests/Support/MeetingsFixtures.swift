import Foundation
import LiveRules
import LiveRulesExamples
import TestPacks

/// The bundled meetings fixtures, read as the meetings app's own Swift types.
enum MeetingsFixtures {
    struct Case {
        var name: String
        var now: Date
        var previousPhase: String?
        var attributes: MeetingsAttributes
        var state: MeetingsContentState
    }

    private struct File: Decodable {
        var now: Date
        var previousPhase: String?
        var attributes: MeetingsAttributes
        var state: MeetingsContentState
    }

    static let folder = Paths.rules.appendingPathComponent("meetings")

    static var names: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("fixtures").path))?
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted() ?? []
    }

    /// Decodes fixture `name` with Foundation's ISO-8601 dates, as an app would.
    static func load(_ name: String) throws -> Case {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let data = try Data(contentsOf: folder.appendingPathComponent("fixtures/\(name).json"))
        let file = try decoder.decode(File.self, from: data)
        return Case(name: name, now: file.now, previousPhase: file.previousPhase, attributes: file.attributes, state: file.state)
    }

    static func golden(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("golden/\(name).json"), encoding: .utf8)
    }

    static func pack() throws -> RulePack {
        try RulePack.load(from: folder, displayPath: "rules/meetings")
    }
}
