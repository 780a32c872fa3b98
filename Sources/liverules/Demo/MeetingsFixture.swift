import Foundation
import LiveRulesExamples

/// A fixture of the meetings pack: a content state at a moment in time, as the app's typed
/// `Codable` values (dates are ISO-8601 in the file).
struct MeetingsFixture: Codable {
    var now: Date
    var attributes: MeetingsAttributes
    var state: MeetingsContentState

    /// Reads a fixture file.
    static func load(from url: URL) throws -> MeetingsFixture {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(MeetingsFixture.self, from: Data(contentsOf: url))
    }
}
