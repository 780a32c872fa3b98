/// The meetings activity's static attributes, set when it starts.
public struct MeetingsAttributes: Codable, Hashable, Sendable {
    /// IANA time zone of the day's calendar.
    public var timeZone: String

    /// Attributes of a day shown in `timeZone`.
    public init(timeZone: String) {
        self.timeZone = timeZone
    }
}
