extension LuaToken {
    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]
    /// The symbols of more than one byte, longest first.
    private static let symbols = ["...", "..", "==", "~=", "<=", ">=", "//", "::", "<<", ">>"]

    /// The tokens of Lua 5.4 `source`, in order, comments and whitespace left out. Lines are
    /// counted at `\n` only. Text Lua would refuse still gives tokens: a byte it does not know is
    /// a symbol of one byte, a numeral touching letters is one numeral (`3px`), an escape it
    /// refuses is the character escaped, and a string without its end is ``isUnfinished``.
    package static func tokens(of source: String) -> [LuaToken] {
        let bytes = Array(source.utf8)
        var tokens: [LuaToken] = []
        var index = 0, line = 1, lineStart = 0
        func byte(_ at: Int) -> UInt8 { at < bytes.count ? bytes[at] : 0 }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        /// Counts the line break at `at`, when it is one.
        func pass(_ at: Int) {
            if bytes[at] == UInt8(ascii: "\n") { line += 1; lineStart = at + 1 }
        }
        /// The level of a long bracket `[==[` at `at` (2 for `[==[`), or nil.
        func longBracket(at: Int) -> Int? {
            guard byte(at) == UInt8(ascii: "[") else { return nil }
            var level = 0
            while byte(at + 1 + level) == UInt8(ascii: "=") { level += 1 }
            return byte(at + 1 + level) == UInt8(ascii: "[") ? level : nil
        }
        /// Skips the long bracket of `level` opening at `index`: its content's range (to the
        /// source's end when it is not closed) and whether it is closed.
        func skipLong(_ level: Int) -> (content: Range<Int>, closed: Bool) {
            let start = index + level + 2
            var at = start
            while at < bytes.count {
                if bytes[at] == UInt8(ascii: "]"), (0..<level).allSatisfy({ byte(at + 1 + $0) == UInt8(ascii: "=") }),
                   byte(at + 1 + level) == UInt8(ascii: "]") {
                    index = at + level + 2
                    return (start..<at, true)
                }
                pass(at)
                at += 1
            }
            index = bytes.count
            return (start..<bytes.count, false)
        }
        /// Reads the quoted string opening at `index`, up to its closing quote or an unescaped
        /// line break: its content's range, its value and whether it is closed.
        func quoted() -> (content: Range<Int>, value: [UInt8], closed: Bool) {
            let quote = bytes[index]
            var at = index + 1, value: [UInt8] = []
            while at < bytes.count, bytes[at] != quote, bytes[at] != UInt8(ascii: "\n") {
                guard bytes[at] == UInt8(ascii: "\\"), at + 1 < bytes.count else {
                    value.append(bytes[at])
                    at += 1
                    continue
                }
                let escaped = bytes[at + 1]
                at += 2
                switch escaped {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    // An escaped line break (`\r\n` and `\n\r` are one) is a `\n` in the value.
                    value.append(10)
                    pass(at - 1)
                    if [10, 13].contains(byte(at)), byte(at) != escaped { pass(at); at += 1 }
                case UInt8(ascii: "z"):
                    while at < bytes.count, isSpace(bytes[at]) { pass(at); at += 1 }
                case UInt8(ascii: "x"):
                    if let high = hexDigit(byte(at)), let low = hexDigit(byte(at + 1)) {
                        value.append(UInt8(high * 16 + low))
                        at += 2
                    } else {
                        value.append(escaped)
                    }
                case UInt8(ascii: "u"):
                    var end = at + 1, code: UInt32 = 0
                    while let digit = hexDigit(byte(end)), code <= 0x7FF_FFFF { code = code * 16 + UInt32(digit); end += 1 }
                    if byte(at) == UInt8(ascii: "{"), end > at + 1, byte(end) == UInt8(ascii: "}") {
                        value += utf8(code)
                        at = end + 1
                    } else {
                        value.append(escaped)
                    }
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    var end = at - 1, code = 0
                    while end < at + 2, isDigit(byte(end)) { code = code * 10 + Int(byte(end) - UInt8(ascii: "0")); end += 1 }
                    if code <= 255 {
                        value.append(UInt8(code))
                        at = end
                    } else {
                        value.append(escaped)
                    }
                default:
                    value.append(Self.escapes[escaped] ?? escaped)
                }
            }
            let closed = at < bytes.count && bytes[at] == quote
            let content = index + 1..<at
            index = closed ? at + 1 : at
            return (content, value, closed)
        }
        while index < bytes.count {
            let c = bytes[index]
            let column = index - lineStart + 1, startLine = line
            if c == UInt8(ascii: "\n") {
                pass(index)
                index += 1
            } else if isSpace(c) {
                index += 1
            } else if c == UInt8(ascii: "-"), byte(index + 1) == UInt8(ascii: "-") {
                index += 2
                if let level = longBracket(at: index) {
                    _ = skipLong(level)
                } else {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                }
            } else if let level = longBracket(at: index) {
                let (content, closed) = skipLong(level)
                tokens.append(LuaToken(kind: .string, text: text(content), value: text(withoutFirstLineBreak(content, of: bytes)),
                                       line: startLine, column: column, isUnfinished: !closed))
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                let (content, value, closed) = quoted()
                tokens.append(LuaToken(kind: .string, text: text(content), value: String(decoding: value, as: UTF8.self),
                                       line: startLine, column: column, isUnfinished: !closed))
            } else if isNameStart(c) {
                var at = index + 1
                while at < bytes.count, isNameStart(bytes[at]) || isDigit(bytes[at]) { at += 1 }
                let name = text(index..<at)
                tokens.append(LuaToken(kind: keywords.contains(name) ? .keyword : .name, text: name, value: name, line: startLine, column: column))
                index = at
            } else if isDigit(c) || (c == UInt8(ascii: ".") && isDigit(byte(index + 1))) {
                // A sign is part of the numeral after its exponent mark: `e` in decimal, `p` in hexadecimal.
                let hex = c == UInt8(ascii: "0") && (byte(index + 1) == UInt8(ascii: "x") || byte(index + 1) == UInt8(ascii: "X"))
                let exponent = hex ? [UInt8(ascii: "p"), UInt8(ascii: "P")] : [UInt8(ascii: "e"), UInt8(ascii: "E")]
                var at = index + 1
                while at < bytes.count {
                    if exponent.contains(bytes[at]), byte(at + 1) == UInt8(ascii: "+") || byte(at + 1) == UInt8(ascii: "-") {
                        at += 2
                    } else if isNameStart(bytes[at]) || isDigit(bytes[at]) || bytes[at] == UInt8(ascii: ".") {
                        at += 1
                    } else {
                        break
                    }
                }
                let numeral = text(index..<at)
                tokens.append(LuaToken(kind: .number, text: numeral, value: numeral, line: startLine, column: column))
                index = at
            } else {
                // Any other byte is a symbol of one byte (a byte of a non-ASCII character Lua would refuse).
                let length = symbols.first { symbol in symbol.utf8.enumerated().allSatisfy { byte(index + $0.offset) == $0.element } }?
                    .utf8.count ?? 1
                let symbol = text(index..<index + length)
                tokens.append(LuaToken(kind: .symbol, text: symbol, value: symbol, line: startLine, column: column))
                index += length
            }
        }
        return tokens
    }

    /// The bytes of the escapes of one letter, by letter.
    private static let escapes: [UInt8: UInt8] = [
        UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "f"): 12, UInt8(ascii: "n"): 10,
        UInt8(ascii: "r"): 13, UInt8(ascii: "t"): 9, UInt8(ascii: "v"): 11,
    ]

    /// `content` without the line break (`\n`, `\r`, `\r\n` or `\n\r`) it starts with, as Lua
    /// reads a long string.
    private static func withoutFirstLineBreak(_ content: Range<Int>, of bytes: [UInt8]) -> Range<Int> {
        var start = content.lowerBound
        guard start < content.upperBound, [10, 13].contains(bytes[start]) else { return content }
        start += 1
        if start < content.upperBound, [10, 13].contains(bytes[start]), bytes[start] != bytes[start - 1] { start += 1 }
        return start..<content.upperBound
    }

    /// The UTF-8 bytes of `code` (up to 2³¹ − 1, in the longer sequences Lua allows past U+10FFFF).
    private static func utf8(_ code: UInt32) -> [UInt8] {
        guard code >= 0x80 else { return [UInt8(code)] }
        var code = code, tail: [UInt8] = [], fits: UInt32 = 0x3F
        while code > fits {
            tail.insert(UInt8(0x80 | (code & 0x3F)), at: 0)
            code >>= 6
            fits >>= 1
        }
        return [UInt8(truncatingIfNeeded: (~fits << 1) | code)] + tail
    }

    private static func hexDigit(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// Space, tab, line breaks, vertical tab and form feed.
    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (0x09...0x0D).contains(c) }

    private static func isNameStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_")
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
