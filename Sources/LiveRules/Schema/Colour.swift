import Lua

/// Colours as the schema and the presentation write them.
enum Colour {
    /// Whether `text` is `#RRGGBB` (hex digits in either case).
    static func isValid(_ text: String) -> Bool {
        LuaText.isColour(text)
    }
}
