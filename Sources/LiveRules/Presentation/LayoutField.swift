/// One field a placement shows: a field id the pack declares, its text, an optional status
/// glyph drawn beside the text, an optional live form the device keeps current, and where it is
/// shown: the slot and line `layout.place` gave it.
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
    /// The region of the placement it is shown in, one of its slots (`"title"`, `"body"`,
    /// `"leading"`, …); nil when the rule built the field without one (the default slot).
    public var slot: String?
    /// The line of ``slot`` it is shown on, 1 for the first; fields sharing a line follow one
    /// another on it. Nil when the rule built the field without one.
    public var line: Int?

    /// The field `id` showing `text`, with `glyph` before it when there is one, drawn as `live`
    /// where the device can, on `line` of `slot`.
    public init(id: String, text: String, glyph: Glyph? = nil, live: LiveForm? = nil, slot: String? = nil, line: Int? = nil) {
        self.id = id
        self.text = text
        self.glyph = glyph
        self.live = live
        self.slot = slot
        self.line = line
    }

    /// Writes the JSON form, which `Codable` encodes: `{"id", "text"}`, and `"glyph"`, `"line"`,
    /// `"live"` and `"slot"` only when there is one, so the JSON of a field without them keeps its
    /// bytes.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        if let glyph { output.member("glyph", .string(glyph.spelling)) }
        output.member("id", .string(id))
        if let line { output.member("line", .integer(Int64(line))) }
        if let live { output.member("live", live) }
        if let slot { output.member("slot", .string(slot)) }
        output.member("text", .string(text))
        output.endObject()
    }

    /// Encodes `{"id", "text"}` and a present `"glyph"`, `"line"`, `"live"` and `"slot"`, the
    /// shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
