import Lua

extension RuleSources {
    /// Where the rules wrote what broke the presentation vocabulary: a text value written as a
    /// literal in the pack (`tone = "blue"`, or a table key such as `lockscreen =`), else the
    /// `return` of the stage's rule function that returned it: of its `return`s, those that
    /// cannot have returned it are left out (a table constructor for a part that is not a
    /// table; a constructor or a literal for nil), and the only one left is it; with none left
    /// for nil, the function's `end` (it ends without `return`); with several, the last.
    /// Found by reading the sources once the problem happened. Comes with the message, which
    /// says so when the function ends without `return`.
    func place(of problem: OutputProblem) -> (SourceLocation, String)? {
        guard let chunk = rules[problem.stage] else { return nil }
        if let value = problem.value, !value.isEmpty {
            let key = problem.path.split(separator: ".").last.map { String($0.prefix { $0 != "[" }) }
            if let place = literal(value, key: key, preferring: chunk) ?? tableKey(value, preferring: chunk) { return (place, problem.message) }
        }
        guard let function = returnedFunction(in: chunk) else { return nil }
        let tokens = tokens(of: chunk)
        let whole = !problem.path.contains(".")
        let missing = whole && problem.message.hasSuffix("got nil")
        let notTable = whole && problem.message.contains("expected table, got")
        // What each `return` starts its value with (nil for a bare `return`).
        let returns = function.returns.map { token -> (token: LuaToken, value: LuaToken?) in
            let next = tokens.firstIndex(of: token).flatMap { $0 + 1 < tokens.count ? tokens[$0 + 1] : nil }
            return (token, next.flatMap { $0.line > token.line || $0.is("end") || $0.is("else") || $0.is("elseif") ? nil : $0 })
        }
        let possible = returns.filter { entry in
            guard let value = entry.value else { return missing || !whole }
            if missing { return !(value.is("{") || value.kind == .string || value.kind == .number || value.is("true") || value.is("false")) }
            if notTable { return !value.is("{") }
            return true
        }
        let chosen = possible.count == 1 ? possible[0].token : (possible.isEmpty && missing ? function.end : (possible.last ?? returns.last)?.token ?? function.end)
        let message = possible.isEmpty && missing
            ? problem.message + ": the \(problem.stage.rawValue) rule ends without `return`; end it with `return` and the value"
            : problem.message
        return (SourceLocation(file: chunk, line: chosen.line, column: chosen.column), message)
    }

    /// Where `name` is written as a key of a table constructor (`name =`) in the pack,
    /// `preferred` searched first.
    private func tableKey(_ name: String, preferring preferred: String) -> SourceLocation? {
        for file in [preferred] + pack.keys.sorted().filter({ $0 != preferred }) {
            let tokens = tokens(of: file)
            for index in tokens.indices.dropLast() where tokens[index].kind == .name && tokens[index].text == name
                && tokens[index + 1].is("=") && index > 0 && [",", "{", ";"].contains(tokens[index - 1].text) {
                return SourceLocation(file: file, line: tokens[index].line, column: tokens[index].column)
            }
        }
        return nil
    }
}
