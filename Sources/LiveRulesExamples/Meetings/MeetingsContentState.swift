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
