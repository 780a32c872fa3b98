/// One field a placement shows: a field id the pack declares, its text, and an optional status
/// glyph drawn beside the text.
public struct LayoutField: Sendable, Hashable, Codable {
    /// The field id, one of the manifest's `fields`.
    public var id: String
    /// The text as the placement shows it, already shortened to fit.
    public var text: String
    /// A status glyph drawn before the text, outside the text's budget; nil for none.
    public var glyph: Glyph?

    /// The field `id` showing `text`, with `glyph` before it when there is one.
    public init(id: String, text: String, glyph: Glyph? = nil) {
        self.id = id
        self.text = text
        self.glyph = glyph
    }

    /// The JSON form, which `Codable` encodes: `{"id", "text"}`, and `"glyph"` only when there
    /// is one.
    var json: JSONValue {
        var members: [String: JSONValue] = ["id": .string(id), "text": .string(text)]
        if let glyph { members["glyph"] = .string(glyph.spelling) }
        return .object(members)
    }

    /// Encodes `{"id", "text"}` and a present `"glyph"`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
