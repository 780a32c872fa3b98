/// One field a placement shows: a field id the pack declares, its text, an optional status
/// glyph drawn beside the text, and an optional live form the device keeps current.
public struct LayoutField: Sendable, Hashable, Codable, JSONShaped {
    /// The field id, one of the manifest's `fields`.
    public var id: String
    /// The text as the placement shows it, already shortened to fit: what the field reads at the
    /// presentation's `now`, and what a surface that cannot draw ``live`` shows.
    public var text: String
    /// A status glyph drawn before the text, outside the text's budget; nil for none.
    public var glyph: Glyph?
    /// The countdown or progress a device draws in place of ``text`` and keeps current itself;
    /// nil for a field that only has its text.
    public var live: LiveForm?

    /// The field `id` showing `text`, with `glyph` before it when there is one, drawn as `live`
    /// where the device can.
    public init(id: String, text: String, glyph: Glyph? = nil, live: LiveForm? = nil) {
        self.id = id
        self.text = text
        self.glyph = glyph
        self.live = live
    }

    /// Writes the JSON form, which `Codable` encodes: `{"id", "text"}`, and `"glyph"` and
    /// `"live"` only when there is one, so the JSON of a field without them keeps its bytes.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        if let glyph { output.member("glyph", .string(glyph.spelling)) }
        output.member("id", .string(id))
        if let live { output.member("live", live) }
        output.member("text", .string(text))
        output.endObject()
    }

    /// Encodes `{"id", "text"}` and a present `"glyph"` and `"live"`, the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
