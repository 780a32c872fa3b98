import Foundation

/// A fixture of the meetings pack: a content state at a moment in time, as the app's typed
/// `Codable` values (dates are ISO-8601 in the file).
struct MeetingsFixture: Codable {
    struct Attributes: Codable {
        var timeZone: String
    }

    struct Meeting: Codable {
        var id: String
        var title: String
        var start: Date
        var end: Date
        var location: String?
        var calendarColor: String?
    }

    struct State: Codable {
        var meetings: [Meeting]
    }

    var now: Date
    var attributes: Attributes
    var state: State

    /// Reads a fixture file; errors name the file and the JSON path.
    static func load(from url: URL) throws -> MeetingsFixture {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(MeetingsFixture.self, from: Data(contentsOf: url))
    }
}
