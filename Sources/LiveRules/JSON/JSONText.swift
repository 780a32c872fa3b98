/// Canonical JSON text of what is written to it, as UTF-8 bytes (``JSONWriter`` describes the
/// text): indented two spaces per level with one member or element per line, or compact
/// without whitespace. Members must come in sorted key order.
struct JSONText: JSONOutput {
    /// The text so far.
    private(set) var bytes: [UInt8] = []
    /// Whether a NaN or infinite number, which JSON cannot represent, was written (as `null`).
    private(set) var wroteNonFinite = false
    private let indented: Bool
    /// How many containers are open.
    private var depth = 0
    /// A line break and at least the indentation of the current depth.
    private var lineStart: [UInt8] = [UInt8(ascii: "\n")]
    /// Whether the container open has no member or element yet.
    private var isEmpty = false
    /// Whether the next value follows a key on its line.
    private var afterKey = false

    /// Empty text, indented or compact, with room for `capacity` bytes.
    init(indented: Bool, capacity: Int) {
        self.indented = indented
        bytes.reserveCapacity(capacity)
    }

    /// The text's UTF-8 bytes, with the trailing newline indented text ends with.
    consuming func finishedBytes() -> [UInt8] {
        if indented { bytes.append(UInt8(ascii: "\n")) }
        return bytes
    }

    /// The text, with the trailing newline indented text ends with.
    consuming func finished() -> String {
        String(decoding: finishedBytes(), as: UTF8.self)
    }

    mutating func scalar(_ value: JSONValue) {
        startValue()
        switch value {
        case .null, .array, .object: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let integer): Self.appendInteger(integer, to: &bytes)
        case .number(let number) where number.isFinite: Self.appendNumber(number, to: &bytes)
        case .number:
            wroteNonFinite = true
            bytes.append(contentsOf: "null".utf8)
        case .string(let text): Self.appendQuoted(text, to: &bytes)
        }
    }

    mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    mutating func key(_ key: StaticString) {
        startItem()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        endKey()
    }

    mutating func key(text key: String) {
        startItem()
        Self.appendQuoted(key, to: &bytes)
        endKey()
    }

    /// The colon after a key, and the space after it when indented.
    private mutating func endKey() {
        bytes.append(UInt8(ascii: ":"))
        if indented { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Starts a value: after its key, or as the next element of the array open, or at the top.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
        } else if depth > 0 {
            startItem()
        }
    }

    /// The separator and line break before a member or element.
    private mutating func startItem() {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        newLine()
    }

    private mutating func open(_ bracket: UInt8) {
        startValue()
        bytes.append(bracket)
        depth += 1
        isEmpty = true
        if indented, lineStart.count < 1 + 2 * depth { lineStart += [UInt8(ascii: " "), UInt8(ascii: " ")] }
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !isEmpty { newLine() }
        isEmpty = false
        bytes.append(bracket)
    }

    /// A line break and the indentation of the current depth, when indented.
    private mutating func newLine() {
        guard indented else { return }
        let count = 1 + 2 * depth
        lineStart.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Appends ``JSONWriter/numberText(_:)`` of the finite `value`.
    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        if value.magnitude < 9_007_199_254_740_992, value.rounded(.towardZero) == value {
            appendInteger(Int64(value), to: &bytes)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// Appends the decimal digits of `integer`.
    private static func appendInteger(_ integer: Int64, to bytes: inout [UInt8]) {
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[start...])
        }
    }

    /// Appends `text` as a JSON string literal; text without a byte to escape is copied whole
    /// (every byte of a multi-byte scalar is 0x80 or above, so bytes are looked at alone).
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        func escaped(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        }
        bytes.append(UInt8(ascii: "\""))
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: escaped) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        guard copied != true else {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            guard escaped(byte) else {
                bytes.append(byte)
                continue
            }
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10 }
                bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex(byte >> 4), hex(byte & 0xF)])
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
