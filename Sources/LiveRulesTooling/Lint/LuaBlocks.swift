import LiveRules

/// The block structure of a token list: where each `function`, `if`, `do` and `repeat` ends, so
/// checks can skip a function's body or find the expressions of a `return`.
package struct LuaBlocks {
    /// The tokens read.
    package let tokens: [LuaToken]
    /// The index of the `end` (or `until`) closing the block opened at each index.
    private var closers: [Int: Int] = [:]
    /// The index of the `function` of the file's top-level `return function(…)`: a rule's
    /// function. Nil when the file returns no function that way.
    package private(set) var returnedFunction: Int?

    /// The structure of `tokens`; blocks left open end at the last token.
    package init(_ tokens: [LuaToken]) {
        self.tokens = tokens
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .keyword {
            if open.isEmpty, token.text == "return", index + 1 < tokens.count, tokens[index + 1].is("function") {
                returnedFunction = index + 1
            }
            switch token.text {
            case "function", "if", "do", "repeat": open.append(index)
            case "end", "until": if let opener = open.popLast() { closers[opener] = index }
            default: break
            }
        }
        for opener in open { closers[opener] = tokens.count - 1 }
    }

    /// The index of the token closing the block opened at `index`, or nil when no block opens there.
    package func closer(of index: Int) -> Int? { closers[index] }

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
                case ";" where depth == 0: break
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

    /// The `return` statements directly in the body of the function opened at `index` (not in
    /// functions nested in it).
    package func directReturns(ofFunctionAt index: Int) -> [Int] {
        guard let end = closer(of: index) else { return [] }
        var found: [Int] = [], position = index + 1
        while position < end {
            if tokens[position].is("function"), let inner = closer(of: position) {
                position = inner + 1
                continue
            }
            if tokens[position].is("return") { found.append(position) }
            position += 1
        }
        return found
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
