extension LuaText {
    /// How bytes a rule chose (a key, a name) show in a message: valid UTF-8 as it is, except a
    /// backslash (`\\`) and control characters (`\n`, `\r`, `\t`, else `\x1B`); every byte that
    /// is not part of valid UTF-8 as `\xFF`. At most `limit` bytes are shown, then `…`.
    /// `lock\xFFScreen`.
    public static func escaped(_ bytes: UnsafeRawBufferPointer, limit: Int = 64) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            guard index < limit else {
                text += "…"
                break
            }
            let byte = bytes[index]
            let length = sequenceLength(bytes, at: index)
            switch length {
            case 0: text += hex(byte)
            case 1:
                switch byte {
                case UInt8(ascii: "\\"): text += "\\\\"
                case UInt8(ascii: "\n"): text += "\\n"
                case UInt8(ascii: "\r"): text += "\\r"
                case UInt8(ascii: "\t"): text += "\\t"
                case 0..<0x20, 0x7F: text += hex(byte)
                default: text.unicodeScalars.append(Unicode.Scalar(byte))
                }
            default: text += String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index ..< index + length]), as: UTF8.self)
            }
            index += max(length, 1)
        }
        return text
    }

    /// `text` as a Lua string literal that reads back as exactly its bytes, for Lua files the
    /// host writes: in double quotes, with quotes, backslashes and control characters escaped
    /// (``escaped(_:limit:)`` with no limit), so no text can end the literal or its line.
    public static func quoted(_ text: String) -> String {
        var text = text
        let body = text.withUTF8 { escaped(UnsafeRawBufferPointer($0), limit: .max) }
        return "\"" + body.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Whether `bytes` are valid UTF-8, checked where they are (nothing is copied).
    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else { return false }
            index += length
        }
        return true
    }

    /// `\xFF` for `byte`.
    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }

    /// The length of the valid UTF-8 sequence at `index` of `bytes` (1 to 4), or 0 when none
    /// starts there (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF).
    private static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        let second: ClosedRange<UInt8>
        switch lead {
        case 0..<0x80: return 1
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
