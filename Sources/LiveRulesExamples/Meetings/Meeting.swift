import Foundation

/// One of today's meetings, as the meetings app's content state holds it.
public struct Meeting: Codable, Hashable, Sendable {
    public var id: String
    public var title: String
    public var start: Date
    public var end: Date
    public var location: String?
    /// `#RRGGBB`, when the calendar has a colour.
    public var calendarColor: String?

    public init(id: String, title: String, start: Date, end: Date, location: String? = nil, calendarColor: String? = nil) {
        self.id = id
        self.title = title
        self.start = start
        self.end = end
        self.location = location
        self.calendarColor = calendarColor
    }
}
