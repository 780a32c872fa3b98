import Foundation

/// A "running late" message the user sent for a meeting.
public struct LateNotice: Codable, Hashable, Sendable {
    public var meetingId: String
    public var sentAt: Date
    /// Where it went: "Slack", "Teams", "SMS"…
    public var channel: String

    public init(meetingId: String, sentAt: Date, channel: String) {
        self.meetingId = meetingId
        self.sentAt = sentAt
        self.channel = channel
    }
}
