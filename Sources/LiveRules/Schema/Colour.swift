import Lua

/// An opaque sRGB colour as the schema and presentations write it: `#RRGGBB`.
///
/// Made from `#RRGGBB` text with hex digits in either case; its ``hex`` text, and its JSON form,
/// use uppercase digits (`#34C759`), as goldens and the helper library's `colour.format` write
/// colours. Two colours with the same channels are equal whatever case they were written in.
public struct Colour: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The red channel, 0...255.
    public let red: UInt8
    /// The green channel, 0...255.
    public let green: UInt8
    /// The blue channel, 0...255.
    public let blue: UInt8

    /// The colour of `red`, `green` and `blue`, each 0...255.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour `hex` names, or nil when it is not `#RRGGBB` (see ``isValid(_:)``).
    public init?(hex: String) {
        guard Self.isValid(hex) else { return nil }
        let digits = hex.utf8.dropFirst().compactMap(Self.value(ofHexDigit:))
        guard digits.count == 6 else { return nil }
        red = digits[0] << 4 | digits[1]
        green = digits[2] << 4 | digits[3]
        blue = digits[4] << 4 | digits[5]
    }

    /// Decodes `#RRGGBB` text; anything else throws `DecodingError.dataCorrupted` saying what it got.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let colour = Colour(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a colour #RRGGBB, got \"\(text)\"")
        }
        self = colour
    }

    /// Encodes ``hex``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    /// `#RRGGBB` with uppercase hex digits.
    public var hex: String {
        func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10 }
        return String(unsafeUninitializedCapacity: 7) { text in
            text[0] = UInt8(ascii: "#")
            for (index, channel) in [red, green, blue].enumerated() {
                text[1 + 2 * index] = digit(channel >> 4)
                text[2 + 2 * index] = digit(channel & 15)
            }
            return 7
        }
    }

    /// ``hex``.
    public var description: String { hex }

    /// Whether `text` is `#RRGGBB` (hex digits in either case).
    /// The one check, shared with the schema checker and the helper library (`lrs_text.c`).
    public static func isValid(_ text: String) -> Bool {
        LuaText.isColour(text)
    }

    /// The value 0...15 of a hex digit byte, or nil.
    private static func value(ofHexDigit byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
