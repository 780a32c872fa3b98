/// The meetings activity's dynamic content state (ActivityKit's `ContentState`).
public struct MeetingsContentState: Codable, Hashable, Sendable {
    /// Today's meetings, in start order.
    public var meetings: [Meeting]

    public init(meetings: [Meeting]) {
        self.meetings = meetings
    }
}
