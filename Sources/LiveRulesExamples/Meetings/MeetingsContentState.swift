import Foundation

/// The meetings activity's dynamic content state (ActivityKit's `ContentState`).
public struct MeetingsContentState: Codable, Hashable, Sendable {
    /// Today's meetings, in start order.
    public var meetings: [Meeting]
    /// The last "running late" notice sent, if any.
    public var lateNotice: LateNotice?

    /// A state with today's `meetings` and the last late notice, if any.
    public init(meetings: [Meeting], lateNotice: LateNotice? = nil) {
        self.meetings = meetings
        self.lateNotice = lateNotice
    }
}

// MARK: - Meeting

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

// MARK: - LateNotice

/// A "running late" message the user sent for a meeting.
public struct LateNotice: Codable, Hashable, Sendable {
    /// The ``Meeting/id`` of the meeting it is about.
    public var meetingId: String
    /// When it was sent.
    public var sentAt: Date
    /// Where it went: "Slack", "Teams", "SMS"…
    public var channel: String

    /// A notice about meeting `meetingId`, sent at `sentAt` through `channel`.
    public init(meetingId: String, sentAt: Date, channel: String) {
        self.meetingId = meetingId
        self.sentAt = sentAt
        self.channel = channel
    }
}
