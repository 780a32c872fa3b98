extension LuaBlocks {
    /// Symbols that continue an expression after a name or a literal.
    private static let continuing: Set<String> = [".", "[", "(", ":", "{", "..", "+", "-", "*", "/", "//", "%", "^",
                                                   "==", "~=", "<", ">", "<=", ">=", "&", "|", "~", "<<", ">>"]

    /// Whether an expression that could end before the token at `index` does: the token does
    /// not continue it (an operator, `.`, `:`, a call's `(`, `{` or string argument, `[`).
    package func endsExpression(before index: Int) -> Bool {
        guard index < tokens.count else { return true }
        let next = tokens[index]
        switch next.kind {
        case .string: return false
        case .symbol: return !Self.continuing.contains(next.text)
        case .keyword: return next.text != "and" && next.text != "or"
        case .name, .number: return true
        }
    }

    /// The index of the first token past the expression starting at `start` (the token count
    /// when it runs to the end); a function written in it is read to its `end`.
    func expressionEnd(from start: Int) -> Int {
        var position = start, depth = 0
        while position < tokens.count {
            let token = tokens[position]
            var endsValue = depth == 0
            if token.is("function"), let end = closer(of: position) {
                position = end + 1
            } else {
                if token.kind == .symbol {
                    switch token.text {
                    case "{", "(", "[": depth += 1
                    case "}", ")", "]": depth -= 1
                    default: break
                    }
                }
                endsValue = depth <= 0 && Self.endsValue(token)
                position += 1
            }
            if endsValue, depth <= 0, endsExpression(before: position) { return position }
        }
        return tokens.count
    }

    /// Whether `token` can end a value (`x`, `"x"`, `1`, `nil`, `...`, `)`, `}`, `]`).
    static func endsValue(_ token: LuaToken) -> Bool {
        switch token.kind {
        case .name, .string, .number: true
        case .keyword: ["nil", "true", "false", "end"].contains(token.text)
        case .symbol: [")", "}", "]", "..."].contains(token.text)
        }
    }

    /// The indices of the `{`, `(` and `[` left open at the end, outermost first.
    package var unclosedBrackets: [Int] {
        var open: [Int] = []
        for index in tokens.indices where tokens[index].kind == .symbol {
            switch tokens[index].text {
            case "{", "(", "[": open.append(index)
            case "}", ")", "]": _ = open.popLast()
            default: break
            }
        }
        return open
    }

    /// The index of the bracket closing the `{`, `(` or `[` at `index` (the last token when it
    /// is not closed).
    package func matchingBracket(of index: Int) -> Int {
        var depth = 0
        for position in index..<tokens.count where tokens[position].kind == .symbol {
            switch tokens[position].text {
            case "{", "(", "[": depth += 1
            case "}", ")", "]":
                depth -= 1
                if depth == 0 { return position }
            default: break
            }
        }
        return tokens.count - 1
    }

    /// The expressions of the `return` at `index`, as token index ranges split at its
    /// top-level commas; it ends at the statement that closes its block (`end`, `else`, …), at
    /// `;` or at `limit`.
    package func returnedExpressions(at index: Int, limit: Int) -> [Range<Int>] {
        var expressions: [Range<Int>] = [], start = index + 1, position = index + 1, depth = 0
        while position < limit {
            let token = tokens[position]
            if token.is("function"), let end = closer(of: position) {
                position = end + 1
                continue
            }
            if depth == 0, token.kind == .keyword, ["end", "else", "elseif", "until"].contains(token.text) { break }
            if token.kind == .symbol {
                switch token.text {
                case "{", "(", "[": depth += 1
                case "}", ")", "]": depth -= 1
                case "," where depth == 0:
                    expressions.append(start..<position)
                    start = position + 1
                default: break
                }
                if depth < 0 || (depth == 0 && token.text == ";") { break }
            }
            position += 1
        }
        if position > start { expressions.append(start..<position) }
        return expressions
    }

    /// The keys a table constructor spelled from the `{` at `index` writes out: `name = …` and
    /// `["name"] = …`, each with its token.
    package func constructorKeys(at index: Int) -> [LuaToken] {
        let end = matchingBracket(of: index)
        var keys: [LuaToken] = [], position = index + 1, depth = 0
        while position < end {
            let token = tokens[position]
            if token.is("function"), let inner = closer(of: position) {
                position = inner + 1
                continue
            }
            let startsItem = tokens[position - 1].is("{") || tokens[position - 1].is(",") || tokens[position - 1].is(";")
            if depth == 0 && startsItem {
                if token.kind == .name, position + 1 < end, tokens[position + 1].is("=") {
                    keys.append(token)
                } else if token.is("["), position + 3 < end, tokens[position + 1].kind == .string,
                          tokens[position + 2].is("]"), tokens[position + 3].is("=") {
                    keys.append(tokens[position + 1])
                }
            }
            if token.kind == .symbol {
                switch token.text {
                case "{", "(", "[": depth += 1
                case "}", ")", "]": depth -= 1
                default: break
                }
            }
            position += 1
        }
        return keys
    }
}
