import Lua

extension RuleSources {
    /// A function in a file: its `function` keyword, the `return`s of its own body (not of
    /// functions inside it) and its `end`.
    struct FunctionBody {
        var start: LuaToken
        var returns: [LuaToken]
        var end: LuaToken
    }

    /// The function a rule file returns (``LuaBlocks/returnedFunction``); nil when it is not
    /// closed.
    func returnedFunction(in chunk: String) -> FunctionBody? {
        let blocks = blocks(of: chunk)
        guard let function = blocks.returnedFunction, let end = blocks.block(openedAt: function)?.closer else { return nil }
        let tokens = blocks.tokens
        return FunctionBody(start: tokens[function], returns: blocks.returns(ofFunctionAt: function).map { tokens[$0] }, end: tokens[end])
    }

    /// The file's last top-level `return`, or its last token when it has none.
    func topLevelReturn(in chunk: String) -> SourceLocation {
        let blocks = blocks(of: chunk)
        let token = blocks.topLevelReturn.map { blocks.tokens[$0] } ?? blocks.tokens.last
        return SourceLocation(file: chunk, line: token?.line ?? 1, column: token?.column ?? 1)
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
        let blocks = blocks(of: chunk)
        let tokens = blocks.tokens, depths = blocks.depths
        var members: Set<String> = []
        var returned: String?
        var named: Set<String> = []
        if let last = blocks.topLevelReturn, last + 1 < tokens.count {
            named = Set(tokens[(last + 1)...].filter { $0.kind == .name }.map(\.text))
            if tokens[last + 1].is("{") {
                members = Set(blocks.constructorKeys(at: last + 1).filter { $0.kind == .name }.map(\.text))
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
        let blocks = blocks(of: chunk)
        let tokens = blocks.tokens
        guard let start = tokens.indices.dropLast(2).first(where: {
            tokens[$0].kind == .name && tokens[$0].text == name && tokens[$0 + 1].is("=") && tokens[$0 + 2].is("{")
        }) else { return [] }
        return blocks.constructorKeys(at: start + 2)
    }
}
