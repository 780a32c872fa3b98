import LiveRules

extension RuleLint {
    /// What the expression starting at `index` is, when it is one the checks follow and ends
    /// there: `input.facts`, `input.phase`, `require "liverules.x"`.
    func alias(startingAt index: Int) -> Alias? {
        guard let first = token(index), first.kind == .name else { return nil }
        if first.text == "input", token(index + 1)?.is(".") == true, let member = token(index + 2),
           blocks.endsExpression(before: index + 3) {
            if member.is("facts") { return .facts }
            if member.is("phase") { return .phase }
            if member.is("now") { return .now }
        }
        if first.text == "require", let name = token(index + 1), name.kind == .string, blocks.endsExpression(before: index + 2),
           HelperModule.all[name.value] != nil {
            return .helper(name.value)
        }
        if first.text == "require", token(index + 1)?.is("(") == true, let name = token(index + 2), name.kind == .string,
           token(index + 3)?.is(")") == true, blocks.endsExpression(before: index + 4), HelperModule.all[name.value] != nil {
            return .helper(name.value)
        }
        return nil
    }

    /// What the local `name` seen at `index` holds, when the checks follow it.
    func alias(of name: String, at index: Int) -> Alias? {
        scopes[name]?.last { $0.end > index }?.value ?? nil
    }

    /// Declares the local `name`, holding `value`, seen up to `end`.
    mutating func declare(_ name: String, _ value: Alias?, end: Int) {
        scopes[name, default: []].append((value, end))
    }

    /// Records what the names of the `local` statement at `index` hold (nothing the checks
    /// follow, unless its expression is one they do).
    mutating func declare(at index: Int) {
        let end = blocks.scopeEnd(at: index)
        var position = index + 1
        if token(position)?.is("function") == true {
            if let name = token(position + 1) { declare(name.text, nil, end: end) }
            return
        }
        var names: [String] = []
        while let name = token(position), name.kind == .name {
            names.append(name.text)
            position += 1
            if token(position)?.is("<") == true { position += 3 }  // <const>, <close>
            guard token(position)?.is(",") == true else { break }
            position += 1
        }
        var values = [Alias?](repeating: nil, count: names.count)
        if token(position)?.is("=") == true {
            position += 1
            for slot in values.indices {
                values[slot] = alias(startingAt: position)
                guard let comma = nextComma(from: position) else { break }
                position = comma + 1
            }
        }
        for (name, value) in zip(names, values) { declare(name, value, end: end) }
    }

    /// Declares the parameters of the function at `index`, seen in its body.
    mutating func declareParameters(at index: Int) {
        let end = blocks.scopeEnd(at: index + 1)
        var position = index + 1
        while let current = token(position), !current.is("(") {
            guard current.kind == .name || current.is(".") || current.is(":") else { return }
            position += 1
        }
        position += 1
        while let name = token(position), name.kind == .name {
            declare(name.text, nil, end: end)
            guard token(position + 1)?.is(",") == true else { return }
            position += 2
        }
    }

    /// Declares the variables of the `for` at `index`, seen in its body.
    mutating func declareLoopVariables(at index: Int) {
        let end = blocks.scopeEnd(at: index + 1)
        var position = index + 1
        while let name = token(position), name.kind == .name {
            declare(name.text, nil, end: end)
            guard token(position + 1)?.is(",") == true else { return }
            position += 2
        }
    }

    /// The index of the next comma outside brackets and functions from `index`, within the
    /// statement; nil when the statement ends first.
    private func nextComma(from index: Int) -> Int? {
        var position = index, depth = 0
        while let current = token(position) {
            if current.is("function"), let end = blocks.closer(of: position) {
                position = end + 1
                continue
            }
            if depth == 0, current.kind == .keyword,
               ["local", "return", "end", "if", "for", "while", "do", "repeat", "until", "else", "elseif"].contains(current.text) {
                return nil
            }
            if current.kind == .symbol {
                switch current.text {
                case "{", "(", "[": depth += 1
                case "}", ")", "]":
                    depth -= 1
                    if depth < 0 { return nil }
                case "," where depth == 0: return position
                default: break
                }
            }
            position += 1
        }
        return nil
    }

    /// What the variable at `index` holds, when the checks follow it: `input.facts`,
    /// `input.phase` and `input.now` written out (returning the index of their last token), a
    /// local, or a variable named `now`.
    func held(at index: Int) -> (alias: Alias, last: Int)? {
        guard let name = token(index), name.kind == .name, isVariable(index) else { return nil }
        if name.text == "input", token(index + 1)?.is(".") == true, let member = token(index + 2) {
            if member.is("facts") { return (.facts, index + 2) }
            if member.is("phase") { return (.phase, index + 2) }
            if member.is("now") { return (.now, index + 2) }
        }
        if let alias = alias(of: name.text, at: index) { return (alias, index) }
        return name.text == "now" ? (.now, index) : nil
    }
}
