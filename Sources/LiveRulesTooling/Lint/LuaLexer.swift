/// Splits Lua 5.4 source into tokens, skipping comments and whitespace. It is lenient: the
/// source has already compiled when the host's checks read it, so malformed input only needs to
/// end the scan, never to be reported.
package enum LuaLexer {
    private static let symbols3: Set<String> = ["..."]
    private static let symbols2: Set<String> = ["==", "~=", "<=", ">=", "//", "::", "<<", ">>", ".."]

    /// The tokens of `source`, in order.
    package static func tokens(of source: String) -> [LuaToken] {
        let bytes = Array(source.utf8)
        var tokens: [LuaToken] = []
        var index = 0, line = 1, lineStart = 0
        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        func newline() { line += 1; lineStart = index }
        /// Skips a long bracket `[==[ … ]==]` starting at `index`; returns its content, or nil
        /// when `index` does not start one.
        func longBracket() -> String? {
            var level = 0
            while at(1 + level) == UInt8(ascii: "=") { level += 1 }
            guard at(0) == UInt8(ascii: "["), at(1 + level) == UInt8(ascii: "[") else { return nil }
            index += level + 2
            if at(0) == UInt8(ascii: "\n") { index += 1; newline() }
            let start = index
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "]") {
                    var close = 0
                    while at(1 + close) == UInt8(ascii: "=") { close += 1 }
                    if close == level && at(1 + close) == UInt8(ascii: "]") {
                        let content = String(decoding: bytes[start..<index], as: UTF8.self)
                        index += level + 2
                        return content
                    }
                }
                index += 1
                if bytes[index - 1] == UInt8(ascii: "\n") { newline() }
            }
            return String(decoding: bytes[start...], as: UTF8.self)
        }
        while index < bytes.count {
            let byte = bytes[index]
            let column = index - lineStart + 1
            if byte == UInt8(ascii: "\n") {
                index += 1
                newline()
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "-") && at(1) == UInt8(ascii: "-") {
                index += 2
                if longBracket() == nil {
                    while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let (value, newlines, lastNewline) = quoted(bytes, from: &index)
                tokens.append(LuaToken(kind: .string, text: value, line: line, column: column))
                if let lastNewline { line += newlines; lineStart = lastNewline + 1 }
            } else if byte == UInt8(ascii: "["), at(1) == UInt8(ascii: "[") || at(1) == UInt8(ascii: "=") {
                let startLine = line
                if let value = longBracket() {
                    tokens.append(LuaToken(kind: .string, text: value, line: startLine, column: column))
                } else {
                    index += 1
                    tokens.append(LuaToken(kind: .symbol, text: "[", line: line, column: column))
                }
            } else if isNameStart(byte) {
                let start = index
                while index < bytes.count && (isNameStart(bytes[index]) || isDigit(bytes[index])) { index += 1 }
                tokens.append(LuaToken(kind: .name, text: String(decoding: bytes[start..<index], as: UTF8.self), line: line, column: column))
            } else if isDigit(byte) || (byte == UInt8(ascii: ".") && isDigit(at(1))) {
                let start = index
                while index < bytes.count {
                    let c = bytes[index]
                    let exponent = c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "p") || c == UInt8(ascii: "P")
                    if exponent && (at(1) == UInt8(ascii: "+") || at(1) == UInt8(ascii: "-")) { index += 2; continue }
                    guard isNameStart(c) || isDigit(c) || c == UInt8(ascii: ".") else { break }
                    index += 1
                }
                tokens.append(LuaToken(kind: .number, text: String(decoding: bytes[start..<index], as: UTF8.self), line: line, column: column))
            } else {
                var length = 1
                if index + 3 <= bytes.count, symbols3.contains(String(decoding: bytes[index..<index + 3], as: UTF8.self)) {
                    length = 3
                } else if index + 2 <= bytes.count, symbols2.contains(String(decoding: bytes[index..<index + 2], as: UTF8.self)) {
                    length = 2
                }
                tokens.append(LuaToken(kind: .symbol, text: String(decoding: bytes[index..<index + length], as: UTF8.self),
                                       line: line, column: column))
                index += length
            }
        }
        return tokens
    }

    /// Reads the quoted string starting at `index` (its opening quote), leaving `index` after
    /// its closing quote. Returns its value, common escapes decoded, how many line breaks it
    /// spans (escaped ones) and where the last one is.
    private static func quoted(_ bytes: [UInt8], from index: inout Int) -> (String, Int, Int?) {
        let quote = bytes[index]
        index += 1
        var value: [UInt8] = [], newlines = 0, lastNewline: Int?
        while index < bytes.count && bytes[index] != quote && bytes[index] != UInt8(ascii: "\n") {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                value.append(bytes[index])
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): value.append(10)
            case UInt8(ascii: "t"): value.append(9)
            case UInt8(ascii: "\n"):
                value.append(10)
                newlines += 1
                lastNewline = index - 1
            case UInt8(ascii: "z"):
                while index < bytes.count, [9, 10, 13, 32].contains(bytes[index]) {
                    if bytes[index] == 10 { newlines += 1; lastNewline = index }
                    index += 1
                }
            default: value.append(escaped)
            }
        }
        if index < bytes.count && bytes[index] == quote { index += 1 }
        return (String(decoding: value, as: UTF8.self), newlines, lastNewline)
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
