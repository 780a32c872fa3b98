import Foundation

/// One of today's meetings, as the meetings app's content state holds it.
public struct Meeting: Codable, Hashable, Sendable {
    /// The calendar's identifier of the meeting.
    public var id: String
    /// "Design review".
    public var title: String
    /// When it starts.
    public var start: Date
    /// When it ends.
    public var end: Date
    /// A room or a call link, when the meeting has one.
    public var location: String?
    /// `#RRGGBB`, when the calendar has a colour.
    public var calendarColor: String?

    /// A meeting `title` from `start` to `end`, with its location and calendar colour when known.
    public init(id: String, title: String, start: Date, end: Date, location: String? = nil, calendarColor: String? = nil) {
        self.id = id
        self.title = title
        self.start = start
        self.end = end
        self.location = location
        self.calendarColor = calendarColor
    }
}
