/// What an alerting update says: the title and body of the push's `alert`.
public struct AlertText: Sendable, Hashable, Codable {
    /// The alert's title.
    public var title: String
    /// The alert's body.
    public var body: String

    /// An alert titled `title` that says `body`.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// The JSON form: `{"title", "body"}`.
    var json: JSONValue {
        .object(["title": .string(title), "body": .string(body)])
    }
}
