import Foundation
import LiveRulesExamples

/// A meetings fixture read as the app's own types (Foundation's ISO-8601 dates, as an app
/// decodes them).
public struct MeetingsMoment: Decodable, Sendable {
    public var now: Date
    public var previousPhase: String?
    public var attributes: MeetingsAttributes
    public var state: MeetingsContentState

    /// Every fixture in `folder/fixtures`, by file name, sorted.
    public static func all(in folder: URL) throws -> [(name: String, moment: MeetingsMoment)] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let fixtures = folder.appendingPathComponent("fixtures")
        return try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".json") }.sorted().map {
            ($0, try decoder.decode(MeetingsMoment.self, from: Data(contentsOf: fixtures.appendingPathComponent($0))))
        }
    }
}
