/// What an alerting update says: the title and body of the push's `alert`.
public struct AlertText: Sendable, Hashable, Codable, JSONShaped {
    /// The alert's title.
    public var title: String
    /// The alert's body.
    public var body: String

    /// An alert titled `title` that says `body`.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// Writes the JSON form: `{"title", "body"}`.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        output.member("body", .string(body))
        output.member("title", .string(title))
        output.endObject()
    }
}
