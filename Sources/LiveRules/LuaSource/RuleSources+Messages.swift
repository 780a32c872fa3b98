import Lua

extension RuleSources {
    /// A syntax error's message, rewritten where Lua's words do not say what to fix, and the
    /// column of the token it is about (`near '('`). A bracket or block Lua expected to be
    /// closed says what is likely missing (``missingCloser(_:in:at:)``).
    func explainSyntax(_ message: String, at location: SourceLocation) -> (String, Int) {
        let line = tokens(of: location.file, line: location.line)
        let near = Self.quoted(after: "near '", in: message)
        let token = near.flatMap { near in line.first { $0.text == near } }
        let column = token?.column ?? line.first?.column ?? 1
        // Lua read every token before the one it stopped at: of the tokens `near` names on the
        // line, the last is the likeliest.
        let all = tokens(of: location.file)
        let stop = near.flatMap { near in all.lastIndex { $0.line == location.line && $0.text == near } }
            ?? (message.hasSuffix("near <eof>") ? all.endIndex : nil)
        if let stop, let missing = missingCloser(message, in: location.file, at: stop) {
            var text = message
            if missing.hasSuffix("is not closed"), let close = text.range(of: " (to close '"),
               let end = text[close.upperBound...].firstIndex(of: ")") {
                text.removeSubrange(close.lowerBound...end)
            }
            return (text + ": " + missing, stop < all.endIndex ? all[stop].column : column)
        }
        if message.hasPrefix("<name> expected near '('"), let function = line.first(where: { $0.is("function") }),
           line.first == function {
            return ("a function on its own is not a statement: write `return function(…)` to return it from the file"
                    + " (or give it a name: `local function name(…)`)", function.column)
        }
        if message.hasPrefix("'then' expected near '='"), let token {
            return ("`=` assigns a value; compare with `==` (`if a == b then`)", token.column)
        }
        if message.hasPrefix("unexpected symbol near '{'"), let brace = line.first, brace.is("{") {
            return ("a table on its own is not a statement: write `return {` to return it", brace.column)
        }
        return (message, column)
    }

    /// A runtime error's message at `location`, rewritten where Lua's words do not say what to
    /// fix, and the place it is about: the column on the line, or where in another file the
    /// mistake was made. `called` names the host function the line called, when the error was
    /// raised inside it.
    func explainRuntime(_ message: String, at location: SourceLocation, called: String?) -> (String, SourceLocation) {
        let file = location.file
        let line = tokens(of: file, line: location.line)
        func at(_ token: LuaToken?) -> SourceLocation {
            SourceLocation(file: file, line: location.line, column: token?.column ?? line.first?.column ?? 1)
        }
        if let called, let name = line.firstIndex(where: { $0.kind == .name && $0.text == called }) {
            return (message, at(Self.expressionStart(line, name)))
        }
        if let global = Self.quoted(after: "undefined global '", in: message) {
            let token = line.first { $0.text == global }
            let note = unreturnedTable(in: file, before: at(token))
            return (message + (note.isEmpty ? Suggestion.hint(for: global, among: names(in: file)) : note), at(token))
        }
        if message.hasPrefix("attempt to compare") {
            return (message + Self.dateHint(line), at(line.first { ["<", ">", "<=", ">="].contains($0.text) && $0.kind == .symbol }))
        }
        // Arithmetic on text goes through the string metamethods, whose message names no value.
        for (word, symbol) in [("add", "+"), ("sub", "-"), ("mul", "*"), ("div", "/"), ("mod", "%"), ("pow", "^"), ("idiv", "//")]
        where message.hasPrefix("attempt to \(word) a '") {
            let text = "arithmetic on text: `\(symbol)` takes numbers (\(message.dropFirst("attempt to ".count))); "
                + "use tonumber(…) to read a number from text, or `..` to join texts"
            return (text, at(line.first { $0.kind == .symbol && $0.text == symbol }))
        }
        if message.contains("(field '?')") {
            return indexedByVariable(message, line, in: file).map { ($0.0, at($0.1)) } ?? (message, at(nil))
        }
        for kind in ["field", "method", "local", "global", "upvalue", "constant"] {
            guard let name = Self.quoted(after: "(\(kind) '", in: message),
                  let index = line.firstIndex(where: { $0.kind == .name && $0.text == name
                      && (kind != "field" && kind != "method" || ($0.column > 1 && Self.follows(line, $0, [".", ":"]))) })
            else { continue }
            let start = Self.expressionStart(line, index)
            if message.hasPrefix("attempt to call a nil value"), kind == "field" || kind == "method",
               let hint = missingMember(name, of: line, at: index, in: file) {
                return (hint, at(start))
            }
            if message.hasPrefix("attempt to index a boolean value"), let (text, place) = moduleWithoutReturn(name, in: file) {
                return (text, place)
            }
            return (message, at(kind == "field" || kind == "method" ? start : line[index]))
        }
        // A message about a field read from the input (`input.state.meeting: no such field …`).
        if let path = message.split(separator: ":", maxSplits: 1).first, path.contains("."), !path.contains(" "),
           let last = path.split(separator: ".").last.map({ String($0.prefix { $0 != "[" }) }),
           let index = line.indices.first(where: { line[$0].kind == .name && line[$0].text == last && $0 > 0 && line[$0 - 1].is(".") }) {
            return (message, at(Self.expressionStart(line, index)))
        }
        // A name the message quotes that the line reads as a field (`placements.leadd`).
        var rest = message[...]
        while let open = rest.firstIndex(of: "'"), let close = rest[rest.index(after: open)...].firstIndex(of: "'") {
            let name = String(rest[rest.index(after: open)..<close])
            if let index = line.indices.first(where: { line[$0].kind == .name && line[$0].text == name && $0 > 0
                && (line[$0 - 1].is(".") || line[$0 - 1].is(":")) }) {
                return (message, at(Self.expressionStart(line, index)))
            }
            rest = rest[rest.index(after: close)...]
        }
        return (message, at(line.first { $0.is("error") }))
    }

    /// A local bound to `require "M"` that is `true`: the module returned nothing. Points at
    /// the table the module meant to return when Lua read it as a call's argument, else at the
    /// module's end.
    private func moduleWithoutReturn(_ local: String, in file: String) -> (String, SourceLocation)? {
        guard let module = requires(in: file)[local], let chunk = chunk(ofModule: module) else { return nil }
        let blocks = blocks(of: chunk)
        let tokens = blocks.tokens, depths = blocks.depths
        guard blocks.topLevelReturn == nil else { return nil }
        let text = "\(local) is true, not a table: \(chunk) returns nothing, so `require \"\(module)\"` gives true"
        for index in tokens.indices.dropFirst().reversed() where depths[index] == 0 && tokens[index].is("{") {
            let place = SourceLocation(file: chunk, line: tokens[index].line, column: tokens[index].column)
            let note = unreturnedTable(in: chunk, before: place)
            if !note.isEmpty { return (text + note, place) }
        }
        let end = tokens.last
        return (text + "; end it with `return` and the module's table",
                SourceLocation(file: chunk, line: end?.line ?? 1, column: end?.column ?? 1))
    }

    /// The names a rule in `file` can read: Lua's own globals and the file's locals.
    private func names(in file: String) -> [String] {
        let tokens = tokens(of: file)
        var names: Set<String> = Self.luaGlobals
        for index in tokens.indices.dropLast() where tokens[index].is("local") || tokens[index].is("function") || tokens[index].is(",")
            || tokens[index].is("for") {
            if tokens[index + 1].kind == .name { names.insert(tokens[index + 1].text) }
        }
        return names.sorted()
    }

    /// The globals the sandbox gives rules.
    private static let luaGlobals: Set<String> = [
        "assert", "collectgarbage", "error", "getmetatable", "ipairs", "math", "next", "pairs", "pcall", "print", "rawequal",
        "rawget", "rawlen", "setmetatable",
        "require", "select", "string", "table", "tonumber", "tostring", "type", "utf8", "xpcall",
    ]

    /// `module.name` when the name is nil because the module has no such function: which
    /// module, and the name it has that is closest, or the names it has.
    private func missingMember(_ name: String, of line: [LuaToken], at index: Int, in file: String) -> String? {
        guard index >= 2, line[index - 2].kind == .name else { return nil }
        let local = line[index - 2].text
        guard let module = requires(in: file)[local], let chunk = chunk(ofModule: module) else { return nil }
        let members = members(ofModule: chunk)
        guard !members.isEmpty else { return nil }
        let hint = Suggestion.hint(for: name, among: members)
        return "\(local).\(name) is nil: \(module) has no function '\(name)'"
            + (hint.isEmpty ? " (it has: \(members.joined(separator: ", ")))" : hint)
    }

    /// `T[key]` is nil and is indexed further (`WANTED[placement][phase]`): says so, and names
    /// the keys of T's table constructor that are close to, but not, a placement id or phase.
    private func indexedByVariable(_ message: String, _ line: [LuaToken], in file: String) -> (String, LuaToken)? {
        guard let open = line.indices.dropFirst().first(where: { line[$0].is("[") && line[$0 - 1].kind == .name }),
              let close = line.indices.dropFirst(open).first(where: { line[$0].is("]") }), close + 1 < line.count,
              line[close + 1].is("[") || line[close + 1].is(".") else { return nil }
        let table = line[open - 1].text
        let key = line[(open + 1)..<close].map(\.text).joined()
        var text = "\(table)[\(key)] is nil, so it cannot be indexed: \(table) has no entry for that key"
        let written = keys(ofTable: table, in: file).map(\.text)
        let misspelt = written.filter { !vocabulary.contains($0) }.compactMap { key in
            Suggestion.closest(to: key, among: vocabulary).map { "'\(key)' is not a placement id or phase — did you mean \($0)?" }
        }
        if !misspelt.isEmpty {
            text += "; its key " + misspelt.joined(separator: "; its key ")
        } else if !written.isEmpty {
            text += " (its keys: \(written.joined(separator: ", ")))"
        }
        return (text, line[open - 1])
    }

    /// For a name read inside a table constructor that starts its own line after a call
    /// (`badges.of(input)` then `{ text = case.text }`), where `place` is: Lua read the table
    /// as an argument of that call (so the local being defined does not exist yet).
    private func unreturnedTable(in file: String, before place: SourceLocation) -> String {
        let tokens = tokens(of: file)
        guard let last = tokens.lastIndex(where: { ($0.line, $0.column) <= (place.line, place.column) }) else { return "" }
        var braces = 0
        for index in stride(from: last, through: 1, by: -1) {
            if tokens[index].is("}") { braces += 1 }
            guard tokens[index].is("{") else { continue }
            if braces > 0 { braces -= 1; continue }
            let previous = tokens[index - 1]
            guard previous.line < tokens[index].line, previous.is(")") || previous.is("}") || previous.kind == .name
                    || previous.kind == .string else { return "" }
            return ": the table on line \(tokens[index].line) is not returned — Lua reads it as an argument of the call"
                + " on line \(previous.line); write `return {` to return it"
        }
        return ""
    }

    /// A hint for a comparison of a string with a number when the line compares with a date
    /// written as text.
    private static func dateHint(_ line: [LuaToken]) -> String {
        guard let date = line.first(where: { $0.kind == .string && $0.text.range(of: #"^\d{4}-\d{2}-\d{2}"#, options: .regularExpression) != nil })
        else { return "" }
        return ": dates in rules are numbers (Unix seconds), not text; write the date as "
            + "time.at(\"\(date.text)\", zone) with zone an IANA time zone (time = require \"liverules.time\")"
    }

    /// The first token of the dotted name ending at `index` (`palette` in `palette.fixed`).
    private static func expressionStart(_ line: [LuaToken], _ index: Int) -> LuaToken {
        var start = index
        while start >= 2, line[start - 1].is(".") || line[start - 1].is(":"), line[start - 2].kind == .name { start -= 2 }
        return line[start]
    }

    /// Whether the token before `token` on the line is one of `symbols`.
    private static func follows(_ line: [LuaToken], _ token: LuaToken, _ symbols: [String]) -> Bool {
        guard let index = line.firstIndex(of: token), index > 0 else { return false }
        return symbols.contains(line[index - 1].text) && line[index - 1].kind == .symbol
    }

    /// Whether a runtime error's message is Lua's message for a syntax error (a module that
    /// `require` compiled): `… near 'x'` or `… near <eof>`.
    static func isSyntax(_ message: String) -> Bool {
        message.hasSuffix("near <eof>") || message.hasSuffix("'") && message.contains(" near '")
    }

    /// The text between `prefix` and the next `'` in `message`.
    static func quoted(after prefix: String, in message: String) -> String? {
        guard let start = message.range(of: prefix), let end = message[start.upperBound...].firstIndex(of: "'") else { return nil }
        return String(message[start.upperBound..<end])
    }
}
