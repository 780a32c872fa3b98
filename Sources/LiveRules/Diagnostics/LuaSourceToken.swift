/// One token of a Lua source text, where it starts: what error messages need to point at the
/// column of a mistake and to read the code around it. Only built once an error happened.
struct LuaSourceToken: Hashable {
    enum Kind: Hashable {
        case name, keyword, string, number, symbol
    }

    var kind: Kind
    /// The name, keyword or symbol as written; a string's value without its quotes (escapes
    /// left as written); a number as written.
    var text: String
    /// 1-based line and column (UTF-8 bytes) of the token's first character.
    var line: Int
    var column: Int

    /// Whether the token is the name, keyword or symbol `text`.
    func `is`(_ text: String) -> Bool { kind != .string && self.text == text }
}

extension LuaSourceToken {
    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]
    private static let symbols = ["...", "..", "==", "~=", "<=", ">=", "//", "::", "<<", ">>"]

    /// The tokens of `source`, comments left out. Text Lua would refuse (an unfinished string)
    /// ends the list where it starts.
    static func tokens(of source: String) -> [LuaSourceToken] {
        let bytes = Array(source.utf8)
        var tokens: [LuaSourceToken] = []
        var index = 0, line = 1, lineStart = 0
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func byte(_ at: Int) -> UInt8 { at < bytes.count ? bytes[at] : 0 }
        /// The level of a long bracket `[==[` at `at` (2 for `[==[`), or nil.
        func longBracket(at: Int) -> Int? {
            guard byte(at) == UInt8(ascii: "[") else { return nil }
            var level = 0
            while byte(at + 1 + level) == UInt8(ascii: "=") { level += 1 }
            return byte(at + 1 + level) == UInt8(ascii: "[") ? level : nil
        }
        /// Skips a long bracket of `level` opening at `index`; returns its content's range.
        func skipLong(_ level: Int) -> Range<Int>? {
            let start = index + level + 2
            var at = start
            while at < bytes.count {
                if bytes[at] == UInt8(ascii: "\n") { line += 1; lineStart = at + 1 }
                if bytes[at] == UInt8(ascii: "]"), (0..<level).allSatisfy({ byte(at + 1 + $0) == UInt8(ascii: "=") }),
                   byte(at + 1 + level) == UInt8(ascii: "]") {
                    index = at + level + 2
                    return start..<at
                }
                at += 1
            }
            index = bytes.count
            return nil
        }
        while index < bytes.count {
            let c = bytes[index]
            let column = index - lineStart + 1, startLine = line
            if c == UInt8(ascii: "\n") {
                index += 1; line += 1; lineStart = index
            } else if c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0B || c == 0x0C {
                index += 1
            } else if c == UInt8(ascii: "-"), byte(index + 1) == UInt8(ascii: "-") {
                index += 2
                if let level = longBracket(at: index) {
                    _ = skipLong(level)
                } else {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                }
            } else if let level = longBracket(at: index) {
                guard let content = skipLong(level) else { break }
                tokens.append(LuaSourceToken(kind: .string, text: text(content), line: startLine, column: column))
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                var at = index + 1
                while at < bytes.count, bytes[at] != c, bytes[at] != UInt8(ascii: "\n") {
                    at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard at < bytes.count, bytes[at] == c else { break }
                tokens.append(LuaSourceToken(kind: .string, text: text(index + 1..<at), line: line, column: column))
                index = at + 1
            } else if isNameStart(c) {
                var at = index + 1
                while at < bytes.count, isNameStart(bytes[at]) || isDigit(bytes[at]) { at += 1 }
                let name = text(index..<at)
                tokens.append(LuaSourceToken(kind: keywords.contains(name) ? .keyword : .name, text: name, line: line, column: column))
                index = at
            } else if isDigit(c) || (c == UInt8(ascii: ".") && isDigit(byte(index + 1))) {
                var at = index + 1
                while at < bytes.count, isNameStart(bytes[at]) || isDigit(bytes[at]) || bytes[at] == UInt8(ascii: ".")
                        || ((bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-"))
                            && [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(bytes[at - 1])) {
                    at += 1
                }
                tokens.append(LuaSourceToken(kind: .number, text: text(index..<at), line: line, column: column))
                index = at
            } else {
                // Any other byte is a symbol of one byte (a byte of a non-ASCII character Lua would refuse).
                let symbol = symbols.first { symbol in symbol.utf8.enumerated().allSatisfy { byte(index + $0.offset) == $0.element } }
                tokens.append(LuaSourceToken(kind: .symbol, text: symbol ?? text(index..<index + 1), line: line, column: column))
                index += symbol?.utf8.count ?? 1
            }
        }
        return tokens
    }

    private static func isNameStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_")
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
