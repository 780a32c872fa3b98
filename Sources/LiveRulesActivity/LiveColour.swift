/// One opaque colour: `#RRGGBB` text, and its components for a drawing API
/// (`Color(red: colour.red, green: colour.green, blue: colour.blue)` in SwiftUI).
///
/// Encodes as ``hex``; decodes `#RRGGBB` with hex digits in either case, and nothing else.
public struct LiveColour: Codable, Hashable, Sendable {
    /// `#RRGGBB` with uppercase hex digits.
    public let hex: String
    /// The red component, 0...1.
    public let red: Double
    /// The green component, 0...1.
    public let green: Double
    /// The blue component, 0...1.
    public let blue: Double

    /// The colour `hex` names (`#RRGGBB`, hex digits in either case), or nil when it names none.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
        let digits = bytes.dropFirst().compactMap(Self.value(ofHexDigit:))
        guard digits.count == 6 else { return nil }
        func component(_ index: Int) -> Double { Double(digits[index] * 16 + digits[index + 1]) / 255 }
        self.hex = hex.uppercased()
        red = component(0)
        green = component(2)
        blue = component(4)
    }

    /// Decodes `#RRGGBB`; anything else is a data-corrupted error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let colour = LiveColour(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a colour #RRGGBB, got \"\(text)\"")
        }
        self = colour
    }

    /// Encodes ``hex``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    /// The value 0...15 of a hex digit byte, or nil.
    private static func value(ofHexDigit byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
