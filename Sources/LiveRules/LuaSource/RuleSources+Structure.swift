import Lua

extension RuleSources {
    /// A function in a file: its `function` keyword, the `return`s of its own body (not of
    /// functions inside it) and its `end`.
    struct FunctionBody {
        var start: LuaToken
        var returns: [LuaToken]
        var end: LuaToken
    }

    /// The function a rule file returns: `return function(…) … end`, or the local function
    /// its top-level `return NAME` names.
    func returnedFunction(in chunk: String) -> FunctionBody? {
        let tokens = tokens(of: chunk)
        let depths = Self.blockDepths(tokens)
        guard let last = tokens.indices.last(where: { tokens[$0].is("return") && depths[$0] == 0 }),
              last + 1 < tokens.count else { return nil }
        if tokens[last + 1].is("function") { return body(at: last + 1, in: tokens) }
        let name = tokens[last + 1].text
        for index in tokens.indices.dropLast(2) where depths[index] == 0 {
            if tokens[index].is("function"), tokens[index + 1].text == name { return body(at: index, in: tokens) }
            if tokens[index].text == name, tokens[index + 1].is("="), index + 2 < tokens.count, tokens[index + 2].is("function") {
                return body(at: index + 2, in: tokens)
            }
        }
        return nil
    }

    /// The file's last top-level `return`, or its last token when it has none.
    func topLevelReturn(in chunk: String) -> SourceLocation {
        let tokens = tokens(of: chunk)
        let depths = Self.blockDepths(tokens)
        let token = tokens.indices.last { tokens[$0].is("return") && depths[$0] == 0 }.map { tokens[$0] } ?? tokens.last
        return SourceLocation(file: chunk, line: token?.line ?? 1, column: token?.column ?? 1)
    }

    /// The body of the function whose keyword is `tokens[start]`.
    private func body(at start: Int, in tokens: [LuaToken]) -> FunctionBody? {
        // The blocks open inside the body: whether each is a function.
        var open: [Bool] = [], loops = 0, returns: [LuaToken] = []
        for token in tokens.dropFirst(start + 1) {
            if token.is("end") || token.is("until") {
                guard !open.isEmpty else { return FunctionBody(start: tokens[start], returns: returns, end: token) }
                open.removeLast()
            } else if token.is("return"), !open.contains(true) {
                returns.append(token)
            } else if token.is("while") || token.is("for") {
                loops += 1
                open.append(false)
            } else if token.is("do") {
                if loops > 0 { loops -= 1 } else { open.append(false) }
            } else if token.is("function") || token.is("if") || token.is("repeat") {
                open.append(token.is("function"))
            }
        }
        return nil
    }

    /// The block depth before each token: 0 at the file's top level; a block's opening keyword
    /// is at the outer depth, its `end` (or `until`) too.
    static func blockDepths(_ tokens: [LuaToken]) -> [Int] {
        var depths: [Int] = []
        depths.reserveCapacity(tokens.count)
        var depth = 0, loops = 0
        for token in tokens {
            if token.is("end") || token.is("until") { depth = max(0, depth - 1) }
            depths.append(depth)
            if token.is("while") || token.is("for") { loops += 1; depth += 1 }
            else if token.is("do") { if loops > 0 { loops -= 1 } else { depth += 1 } }
            else if token.is("function") || token.is("if") || token.is("repeat") { depth += 1 }
        }
        return depths
    }

    /// The local names bound to a `require`d module in `chunk`, with the module's name:
    /// `local decide = require "liverules.decide"` gives `decide` → `liverules.decide`.
    func requires(in chunk: String) -> [String: String] {
        let tokens = tokens(of: chunk)
        var names: [String: String] = [:]
        for index in tokens.indices.dropLast(3) where tokens[index].kind == .name && tokens[index + 1].is("=")
            && tokens[index + 2].is("require") {
            let argument = tokens[index + 3].is("(") && index + 4 < tokens.count ? tokens[index + 4] : tokens[index + 3]
            if argument.kind == .string { names[tokens[index].text] = argument.text }
        }
        return names
    }

    /// The names a module file defines on the table it returns: `function M.name`, `M.name =`
    /// and the keys of a returned table constructor; sorted.
    func members(ofModule chunk: String) -> [String] {
        let tokens = tokens(of: chunk)
        let depths = Self.blockDepths(tokens)
        var members: Set<String> = []
        var returned: String?
        var named: Set<String> = []
        if let last = tokens.indices.last(where: { tokens[$0].is("return") && depths[$0] == 0 }), last + 1 < tokens.count {
            named = Set(tokens[(last + 1)...].filter { $0.kind == .name }.map(\.text))
            if tokens[last + 1].is("{") {
                var braces = 0
                for index in tokens.indices.dropFirst(last + 1).dropLast() {
                    if tokens[index].is("{") { braces += 1 } else if tokens[index].is("}") { braces -= 1 }
                    if braces == 0 { break }
                    if braces == 1, tokens[index].kind == .name, tokens[index + 1].is("="), [",", "{", ";"].contains(tokens[index - 1].text) {
                        members.insert(tokens[index].text)
                    }
                }
            } else if tokens[last + 1].kind == .name {
                returned = tokens[last + 1].text
            }
        }
        // `M.name = …` at the top level, or `function M.name(…)` (its name is inside the function),
        // by table: the returned one's, or (a module returning a wrapper of its table) the one
        // with the most of those the return names.
        var defined: [String: Set<String>] = [:]
        for index in tokens.indices.dropLast(2) where tokens[index].kind == .name && tokens[index + 1].is(".")
            && (depths[index] == 0 || (index > 0 && tokens[index - 1].is("function") && depths[index - 1] == 0)) {
            defined[tokens[index].text, default: []].insert(tokens[index + 2].text)
        }
        let table = returned.flatMap { defined[$0] }
            ?? defined.filter { named.contains($0.key) }.values.max { $0.count < $1.count } ?? []
        return members.union(table).sorted()
    }

    /// The keys written in the table constructor `local NAME = { … }` (or `NAME = { … }`) at
    /// the top level of `chunk`: names before `=` and strings in `["…"] =`, at its first level.
    func keys(ofTable name: String, in chunk: String) -> [LuaToken] {
        let tokens = tokens(of: chunk)
        guard let start = tokens.indices.dropLast(2).first(where: {
            tokens[$0].kind == .name && tokens[$0].text == name && tokens[$0 + 1].is("=") && tokens[$0 + 2].is("{")
        }) else { return [] }
        var keys: [LuaToken] = [], braces = 0
        for index in tokens.indices.dropFirst(start + 2).dropLast() {
            if tokens[index].is("{") { braces += 1 } else if tokens[index].is("}") { braces -= 1 }
            if braces == 0 { break }
            guard braces == 1 else { continue }
            if tokens[index].kind == .name, tokens[index + 1].is("="), [",", "{", ";"].contains(tokens[index - 1].text) {
                keys.append(tokens[index])
            } else if tokens[index].kind == .string, tokens[index - 1].is("["), index + 2 < tokens.count,
                      tokens[index + 1].is("]"), tokens[index + 2].is("=") {
                keys.append(tokens[index])
            }
        }
        return keys
    }
}
