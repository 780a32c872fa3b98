import Foundation

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
