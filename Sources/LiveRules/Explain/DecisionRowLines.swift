/// Where the rows of a decision table are written. Lua keeps no line for a table constructor, so
/// the rows are found in the rule's source: from the start of the line the table is built on
/// (`local cases = decide.first {`), the first `{` outside strings and comments opens the list,
/// and each `{` directly inside it opens a row. A table passed by name (`decide.first(ROWS)`)
/// gives whatever list opens first on that line, which the caller checks by its row count.
enum DecisionRowLines {
    /// The 1-based line of each row of the list opened first at or after the start of `line`
    /// of `source`; empty when no list closes there.
    static func lines(in source: String, from line: Int) -> [Int] {
        var scanner = Scanner(bytes: Array(source.utf8), line: 1)
        scanner.skipLines(before: line)
        var depth = 0
        var rows: [Int] = []
        while let byte = scanner.nextCode() {
            switch byte {
            case UInt8(ascii: "{"):
                depth += 1
                if depth == 2 { rows.append(scanner.line) }
            case UInt8(ascii: "}"):
                guard depth > 0 else { return [] }
                depth -= 1
                if depth == 0 { return rows }
            default:
                break
            }
        }
        return []
    }

    /// Reads Lua source byte by byte, passing over comments and strings and counting lines.
    private struct Scanner {
        let bytes: [UInt8]
        var line: Int
        var position = 0

        init(bytes: [UInt8], line: Int) {
            self.bytes = bytes
            self.line = line
        }

        /// Moves to the start of line `target`.
        mutating func skipLines(before target: Int) {
            while line < target, position < bytes.count {
                if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                position += 1
            }
        }

        /// The next byte of code (not of a comment or a string), or nil at the end.
        mutating func nextCode() -> UInt8? {
            while position < bytes.count {
                let byte = take()
                switch byte {
                case UInt8(ascii: "-") where peek() == UInt8(ascii: "-"):
                    position += 1
                    if !skipLongBracket() { skipToEndOfLine() }
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    skipQuoted(closing: byte)
                case UInt8(ascii: "[") where peek() == UInt8(ascii: "[") || peek() == UInt8(ascii: "="):
                    position -= 1
                    if !skipLongBracket() { position += 1; return byte }
                default:
                    return byte
                }
            }
            return nil
        }

        private func peek() -> UInt8? {
            position < bytes.count ? bytes[position] : nil
        }

        private mutating func take() -> UInt8 {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\n") { line += 1 }
            return byte
        }

        private mutating func skipToEndOfLine() {
            while let byte = peek(), byte != UInt8(ascii: "\n") { position += 1 }
        }

        /// Passes a string closed by `closing`, its escapes included.
        private mutating func skipQuoted(closing: UInt8) {
            while position < bytes.count {
                let byte = take()
                if byte == closing || byte == UInt8(ascii: "\n") { return }
                if byte == UInt8(ascii: "\\"), position < bytes.count { _ = take() }
            }
        }

        /// Passes a long bracket (`[[…]]`, `[==[…]==]`) starting here; false, moving nothing,
        /// when none starts here.
        private mutating func skipLongBracket() -> Bool {
            guard peek() == UInt8(ascii: "[") else { return false }
            var level = 0
            while position + 1 + level < bytes.count, bytes[position + 1 + level] == UInt8(ascii: "=") { level += 1 }
            guard position + 1 + level < bytes.count, bytes[position + 1 + level] == UInt8(ascii: "[") else { return false }
            position += level + 2
            let closing = [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
            while position < bytes.count {
                if bytes[position...].starts(with: closing) {
                    position += closing.count
                    return true
                }
                _ = take()
            }
            return true
        }
    }
}
