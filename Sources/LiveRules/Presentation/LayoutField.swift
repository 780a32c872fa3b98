/// One field a placement shows: a field id the pack declares, and its text.
public struct LayoutField: Sendable, Hashable, Codable {
    /// The field id, one of the manifest's `fields`.
    public var id: String
    /// The text as the placement shows it, already shortened to fit.
    public var text: String

    /// The field `id` showing `text`.
    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }

    /// The JSON form, which `Codable` encodes: `{"id", "text"}`.
    var json: JSONValue {
        .object(["id": .string(id), "text": .string(text)])
    }

    /// Encodes `{"id", "text"}`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
