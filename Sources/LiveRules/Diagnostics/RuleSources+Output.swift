import Lua

extension RuleSources {
    /// Where the rules wrote what broke the presentation vocabulary: a text value written as a
    /// literal in the pack (`tone = "blue"`, or a table key such as `lockscreen =`), else the
    /// `return` of the stage's rule function that returned it — its only one; for a missing
    /// value a bare `return`, or the function's `end` when it has no `return`; else its last.
    /// Found by reading the sources once the problem happened. Comes with the message, which
    /// says so when the function has no `return` at all.
    func place(of problem: OutputProblem) -> (SourceLocation, String)? {
        guard let chunk = rules[problem.stage] else { return nil }
        if let value = problem.value, !value.isEmpty {
            let key = problem.path.split(separator: ".").last.map { String($0.prefix { $0 != "[" }) }
            if let place = literal(value, key: key, preferring: chunk) ?? tableKey(value, preferring: chunk) { return (place, problem.message) }
        }
        guard let function = returnedFunction(in: chunk) else { return nil }
        let tokens = tokens(of: chunk)
        let returns = function.returns
        let missing = problem.message.hasSuffix("got nil")
        let chosen: LuaToken
        if returns.count == 1 {
            chosen = returns[0]
        } else if missing {
            chosen = returns.first { bare in
                let next = tokens.firstIndex(of: bare).map { $0 + 1 < tokens.count ? tokens[$0 + 1] : bare }
                return next.map { $0.is("nil") || $0.is("end") || $0.line > bare.line } ?? false
            } ?? (returns.isEmpty ? function.end : returns[returns.count - 1])
        } else {
            chosen = returns.last ?? function.end
        }
        let message = returns.isEmpty && missing
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
