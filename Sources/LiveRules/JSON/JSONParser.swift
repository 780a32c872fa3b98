import Foundation

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Accepts exactly one JSON value surrounded by optional whitespace. Rejects duplicate keys
/// (compared as `String`s, so canonically equivalent spellings collide), trailing commas, comments,
/// leading zeros, numbers that overflow `Double`, unpaired surrogate escapes, invalid UTF-8,
/// unescaped control characters in strings, a byte order mark and nesting deeper than
/// ``InputLimits/jsonDepth``. A number without fraction or exponent that fits `Int64` becomes `.integer`
/// (so `-0` is `.integer(0)`); every other number becomes `.number`. Positions follow
/// `SourcePosition` (columns in bytes). Nesting is handled without recursion.
struct JSONParser {
    /// The document in `bytes`; with `positions` false its ``JSONDocument/positions`` are left
    /// empty (errors are located all the same), which makes parsing about twice as fast.
    static func parse(_ bytes: [UInt8], positions: Bool = true) throws(JSONSyntaxError) -> JSONDocument {
        var parser = JSONParser(bytes: bytes, recordsPositions: positions)
        return try parser.parseDocument()
    }

    static func parse(_ data: Data, positions: Bool = true) throws(JSONSyntaxError) -> JSONDocument {
        try parse([UInt8](data), positions: positions)
    }

    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONDocument {
        try parse(Array(text.utf8))
    }

    /// An array or object whose remaining members are still being read; mutated in place on the
    /// stack so that reading n members costs O(n).
    private struct Frame {
        /// The container's id in `positions`.
        let id: Int
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        /// The key of the object member being read.
        var pendingKey = ""
    }

    private let bytes: [UInt8]
    private let recordsPositions: Bool
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var positions = JSONPositions()

    private init(bytes: [UInt8], recordsPositions: Bool) {
        self.bytes = bytes
        self.recordsPositions = recordsPositions
    }

    private var position: SourcePosition {
        SourcePosition(line: line, column: index - lineStart + 1)
    }

    private var current: UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONDocument {
        var stack: [Frame] = []
        // The next value's place: nil for the top-level value, else its container's id and step.
        var parent: Int?
        var step = JSONPath.Step.element(0)
        var value: JSONValue
        readingValues: while true {
            skipWhitespace()
            let id = recordsPositions ? positions.add(position, parent: parent, step: step) : 0
            switch current {
            case UInt8(ascii: "["):
                try enterContainer(depth: stack.count)
                if current == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    stack.append(Frame(id: id, isObject: false))
                    (parent, step) = (id, .element(0))
                    continue readingValues
                }
            case UInt8(ascii: "{"):
                try enterContainer(depth: stack.count)
                if current == UInt8(ascii: "}") {
                    index += 1
                    value = .object([:])
                } else {
                    let key = try parseKey(after: [:])
                    stack.append(Frame(id: id, isObject: true, members: Dictionary(minimumCapacity: 8), pendingKey: key))
                    (parent, step) = (id, .member(key))
                    continue readingValues
                }
            default:
                value = try parseScalar()
            }
            while let top = stack.indices.last {
                skipWhitespace()
                if stack[top].isObject {
                    let key = stack[top].pendingKey
                    stack[top].members[key] = value
                    switch current {
                    case UInt8(ascii: ","):
                        try skipComma(before: UInt8(ascii: "}"), in: "object")
                        let nextKey = try parseKey(after: stack[top].members)
                        stack[top].pendingKey = nextKey
                        (parent, step) = (stack[top].id, .member(nextKey))
                        continue readingValues
                    case UInt8(ascii: "}"):
                        index += 1
                        value = .object(stack.removeLast().members)
                    default:
                        throw unexpected("expected ',' or '}' after object member")
                    }
                } else {
                    stack[top].elements.append(value)
                    switch current {
                    case UInt8(ascii: ","):
                        try skipComma(before: UInt8(ascii: "]"), in: "array")
                        (parent, step) = (stack[top].id, .element(stack[top].elements.count))
                        continue readingValues
                    case UInt8(ascii: "]"):
                        index += 1
                        value = .array(stack.removeLast().elements)
                    default:
                        throw unexpected("expected ',' or ']' after array element")
                    }
                }
            }
            break
        }
        skipWhitespace()
        guard index == bytes.count else { throw unexpected("unexpected data after top-level value") }
        return JSONDocument(value: value, positions: positions)
    }

    /// Consumes the `[` or `{` opening a container nested in `depth` others, and the whitespace after it.
    private mutating func enterContainer(depth: Int) throws(JSONSyntaxError) {
        guard depth < InputLimits.jsonDepth else {
            throw JSONSyntaxError(position: position, message: "nesting deeper than \(InputLimits.jsonDepth) levels")
        }
        index += 1
        skipWhitespace()
    }

    /// Consumes a `,` and the whitespace after it, rejecting a `closer` right after the comma.
    private mutating func skipComma(before closer: UInt8, in container: String) throws(JSONSyntaxError) {
        let commaPosition = position
        index += 1
        skipWhitespace()
        if current == closer {
            throw JSONSyntaxError(position: commaPosition, message: "trailing comma in \(container)")
        }
    }

    /// Reads an object key and its `:`; `members` are the members already read from that object.
    private mutating func parseKey(after members: [String: JSONValue]) throws(JSONSyntaxError) -> String {
        guard current == UInt8(ascii: "\"") else { throw unexpected("expected string for object key") }
        let keyPosition = position
        let key = try parseString()
        if members[key] != nil {
            throw JSONSyntaxError(position: keyPosition, message: "duplicate key \(JSONWriter.quoted(key))")
        }
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw unexpected("expected ':' after object key") }
        index += 1
        return key
    }

    private mutating func parseScalar() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw unexpected("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw unexpected("expected a value")
        }
    }

    private mutating func parseLiteral(_ literal: String) throws(JSONSyntaxError) {
        let end = index + literal.utf8.count
        guard end <= bytes.count, bytes[index..<end].elementsEqual(literal.utf8) else {
            throw JSONSyntaxError(position: position, message: "invalid literal, expected '\(literal)'")
        }
        index = end
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        let startPosition = position
        if current == UInt8(ascii: "-") {
            index += 1
        }
        if current == UInt8(ascii: "0") {
            index += 1
            if isDigit(current) {
                throw JSONSyntaxError(position: startPosition, message: "leading zeros are not allowed")
            }
        } else {
            guard skipDigits() else { throw unexpected("expected digit after '-'") }
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard skipDigits() else { throw unexpected("expected digit after decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                index += 1
            }
            guard skipDigits() else { throw unexpected("expected digit in exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) {
            return .integer(integer)
        }
        guard let number = Double(text), number.isFinite else {
            throw JSONSyntaxError(position: startPosition, message: "number \(text) is out of range")
        }
        return .number(number)
    }

    /// Skips a run of digits; returns whether there was at least one.
    private mutating func skipDigits() -> Bool {
        let start = index
        while isDigit(current) {
            index += 1
        }
        return index > start
    }

    private func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let openingPosition = position
        index += 1
        // Printable ASCII without escapes, the usual string, is taken as it stands.
        let start = index
        while index < bytes.count, bytes[index] >= 0x20, bytes[index] < 0x80, bytes[index] != UInt8(ascii: "\\") {
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<index - 1], as: UTF8.self)
            }
            index += 1
        }
        var utf8 = Array(bytes[start..<index])
        while true {
            guard let byte = current else {
                throw JSONSyntaxError(position: openingPosition, message: "unterminated string")
            }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8, openingPosition: openingPosition)
            case 0..<0x20:
                throw JSONSyntaxError(position: position, message: "unescaped control character \(Self.scalarName(UInt32(byte))) in string")
            case 0x20..<0x80:
                utf8.append(byte)
                index += 1
            default:
                let length = Self.validUTF8SequenceLength(bytes, at: index)
                guard length > 0 else { throw JSONSyntaxError(position: position, message: "invalid UTF-8") }
                utf8.append(contentsOf: bytes[index..<index + length])
                index += length
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8], openingPosition: SourcePosition) throws(JSONSyntaxError) {
        let escapePosition = position
        index += 1
        guard let byte = current else {
            throw JSONSyntaxError(position: openingPosition, message: "unterminated string")
        }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHexQuad(escapePosition: escapePosition)
            var scalarValue = unit
            switch unit {
            case 0xD800...0xDBFF:
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(position: escapePosition, message: "unpaired surrogate \(Self.escapeName(unit))")
                }
                let lowPosition = position
                index += 2
                let low = try parseHexQuad(escapePosition: lowPosition)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(position: escapePosition, message: "unpaired surrogate \(Self.escapeName(unit))")
                }
                scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            case 0xDC00...0xDFFF:
                throw JSONSyntaxError(position: escapePosition, message: "unpaired surrogate \(Self.escapeName(unit))")
            default:
                break
            }
            // Surrogates are excluded above, so every remaining value is a scalar.
            UTF8.encode(Unicode.Scalar(scalarValue)!) { utf8.append($0) }
        default:
            let shown = (0x21..<0x7F).contains(byte) ? "'\\\(Character(Unicode.Scalar(byte)))'" : "'\\' followed by byte \(Self.hex(byte))"
            throw JSONSyntaxError(position: escapePosition, message: "invalid escape sequence \(shown)")
        }
    }

    /// Reads the four hex digits of a `\u` escape whose backslash is at `escapePosition`.
    private mutating func parseHexQuad(escapePosition: SourcePosition) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigitValue(byte) else {
                throw JSONSyntaxError(position: escapePosition, message: "invalid \\u escape, expected 4 hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    /// An error at the current position; a comment start is reported as such instead of `message`.
    private func unexpected(_ message: String) -> JSONSyntaxError {
        let startsComment = current == UInt8(ascii: "/") && index + 1 < bytes.count
            && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"))
        return JSONSyntaxError(position: position, message: startsComment ? "comments are not allowed" : message)
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `start` (Unicode Table 3-7), or 0.
    private static func validUTF8SequenceLength(_ bytes: [UInt8], at start: Int) -> Int {
        let lead = bytes[start]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return 0
        }
        guard start + length <= bytes.count, secondRange.contains(bytes[start + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[start + offset]) {
            return 0
        }
        return length
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }

    private static func scalarName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func escapeName(_ unit: UInt32) -> String {
        "\\u" + String(unit, radix: 16, uppercase: true)
    }
}

/// A violation of the JSON grammar or of the parser's stricter rules.
struct JSONSyntaxError: Error, CustomStringConvertible, Hashable {
    /// Where the offending token starts.
    let position: SourcePosition
    let message: String

    /// `line:column: message`.
    var description: String {
        "\(position.line):\(position.column): \(message)"
    }
}
