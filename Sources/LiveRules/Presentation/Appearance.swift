/// The colours of one appearance, and why a fallback replaced the preferred accent.
///
/// Encodes as `{"background", "foreground", "accent", "fallback"}`, colours as `#RRGGBB` and
/// `fallback` as `null` when there is none; decoding also takes a missing `fallback` as none.
public struct Appearance: Sendable, Hashable, Codable, JSONShaped {
    /// Behind everything the activity shows.
    public var background: Colour
    /// Text and glyphs.
    public var foreground: Colour
    /// The highlight: progress, badges, emphasis.
    public var accent: Colour
    /// Why the accent is not the preferred colour (missing, too little contrast…), or nil.
    public var fallback: String?

    /// An appearance of these colours; `fallback` says why `accent` is not the preferred one.
    public init(background: Colour, foreground: Colour, accent: Colour, fallback: String? = nil) {
        self.background = background
        self.foreground = foreground
        self.accent = accent
        self.fallback = fallback
    }

    /// Writes the JSON form, which `Codable` encodes.
    func write(to output: inout some JSONOutput) {
        output.beginObject()
        output.member("accent", .string(accent.hex))
        output.member("background", .string(background.hex))
        output.member("fallback", fallback.map(JSONValue.string) ?? .null)
        output.member("foreground", .string(foreground.hex))
        output.endObject()
    }

    /// Encodes every key, `fallback` as `null` when nil: the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
