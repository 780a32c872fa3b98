extension RuleSources {
    /// For Lua's `'}' expected [(to close '{' at line N)] near 'x'` (or `')'`, `']'`, `'end'`,
    /// `'until'`), where `stop` is the index in `tokens(of: file)` of the token Lua stopped at
    /// (the end index at the end of the file): what is likely missing, as a clause to append —
    /// `missing comma? …` when the tokens around the stop are two values in a table or a call's
    /// arguments, else `missing '}'? the '{' at line 17, column 9 is not closed`. Nil when the
    /// message is not of this form.
    func missingCloser(_ message: String, in file: String, at stop: Int) -> String? {
        guard message.hasPrefix("'"), let closer = Self.quoted(after: "'", in: message),
              ["}", ")", "]", "end", "until"].contains(closer), message.hasPrefix("'\(closer)' expected") else { return nil }
        let tokens = tokens(of: file)
        // What Lua read before it stopped, which it accepted: blocks and brackets nest there.
        let read = LuaBlocks(tokens.prefix(stop))
        let open = (read.unclosed.map { read.blocks[$0].opener } + read.unclosedBrackets).sorted()
        let named = Self.quoted(after: "(to close '", in: message)
        let line = message.range(of: "' at line ").flatMap { Int(message[$0.upperBound...].prefix { $0.isNumber }) }
        let kind = named ?? ["}": "{", ")": "(", "]": "[", "until": "repeat"][closer]
        let opener = open.last { (kind == nil || tokens[$0].text == kind) && (line == nil || tokens[$0].line == line) }
        if let innermost = open.last, stop > 0, stop < tokens.count,
           LuaBlocks.endsValue(tokens[stop - 1]), Self.startsValue(tokens[stop]) {
            let near = tokens[stop].text
            if tokens[innermost].is("{") && closer == "}" {
                return "missing comma? a table's fields are separated by ',' (add one before '\(near)')"
            }
            if tokens[innermost].is("("), closer == ")", innermost > 0, Self.endsCallee(tokens[innermost - 1]) {
                return "missing comma? a call's arguments are separated by ',' (add one before '\(near)')"
            }
        }
        guard let opener else { return "missing '\(closer)'?" }
        let token = tokens[opener]
        return "missing '\(closer)'? the '\(token.text)' at line \(token.line), column \(token.column) is not closed"
    }

    /// Whether `token` can start a value or a table field (`name`, `"x"`, `{`, `[`, `-`).
    private static func startsValue(_ token: LuaToken) -> Bool {
        switch token.kind {
        case .name, .string, .number: true
        case .keyword: ["nil", "true", "false", "function", "not"].contains(token.text)
        case .symbol: ["{", "[", "-", "#", "..."].contains(token.text)
        }
    }

    /// Whether a `(` after `token` opens a call's arguments (`f(`, `t.f(`, `f(x)(`).
    private static func endsCallee(_ token: LuaToken) -> Bool {
        token.kind == .name || token.is(")") || token.is("]")
    }
}
