/// One field a placement shows: a field id the pack declares, its text, and an optional status
/// glyph drawn beside the text.
public struct LayoutField: Sendable, Hashable, Codable, JSONShaped {
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

    /// Writes the JSON form, which `Codable` encodes: `{"id", "text"}`, and `"glyph"` only when
    /// there is one.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        if let glyph { output.member("glyph", .string(glyph.spelling)) }
        output.member("id", .string(id))
        output.member("text", .string(text))
        output.endObject()
    }

    /// Encodes `{"id", "text"}` and a present `"glyph"`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
