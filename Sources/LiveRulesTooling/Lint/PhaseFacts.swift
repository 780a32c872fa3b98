import LiveRules

/// The names of the facts a pack's phase rule returns, read from its source without running
/// it: the keys of the table constructors its rule function returns as its second value —
/// written out, held in a local (with the keys later assigned to it), or returned by a local
/// function of the file.
package enum PhaseFacts {
    /// The fact names, sorted; nil when a `return` of the rule returns facts some other way
    /// (then nothing is known about them).
    package static func names(in source: String) -> [String]? {
        let blocks = LuaBlocks(LuaToken.tokens(of: source))
        let tokens = blocks.tokens
        guard let rule = blocks.returnedFunction else { return nil }
        var names: Set<String> = []
        for returned in blocks.returns(ofFunctionAt: rule) {
            let expressions = blocks.returnedExpressions(at: returned, limit: blocks.closer(of: rule) ?? tokens.count)
            guard expressions.count >= 2 else { continue }
            guard let keys = keys(of: expressions[1], in: blocks, following: true) else { return nil }
            names.formUnion(keys)
        }
        return names.sorted()
    }

    /// The keys of the table the expression at `range` makes; nil when they cannot be read.
    /// `following`: a call of a local function is read through that function's returns.
    private static func keys(of range: Range<Int>, in blocks: LuaBlocks, following: Bool) -> Set<String>? {
        let tokens = blocks.tokens
        guard let first = range.first else { return [] }
        if range.count == 1, tokens[first].is("nil") { return [] }
        if tokens[first].is("{"), blocks.matchingBracket(of: first) == range.last {
            return Set(blocks.constructorKeys(at: first).map(\.value))
        }
        guard tokens[first].kind == .name else { return nil }
        let name = tokens[first].text
        if range.count == 1 { return localTableKeys(name, in: blocks) }
        guard following, tokens[first + 1].is("("), blocks.matchingBracket(of: first + 1) == range.last,
              let function = localFunction(name, in: blocks) else { return nil }
        var names: Set<String> = []
        for returned in blocks.returns(ofFunctionAt: function) {
            let expressions = blocks.returnedExpressions(at: returned, limit: blocks.closer(of: function) ?? tokens.count)
            guard let expression = expressions.first else { continue }
            guard let keys = keys(of: expression, in: blocks, following: false) else { return nil }
            names.formUnion(keys)
        }
        return names
    }

    /// The keys of the local `name` made by `local name = { … }`, and those assigned to it
    /// later (`name.key = …`, `name["key"] = …`); nil when no such local is made, or when the
    /// table may get keys some other way: the local is assigned again, or handed on (to a
    /// function, another variable or table, a method of its own).
    private static func localTableKeys(_ name: String, in blocks: LuaBlocks) -> Set<String>? {
        let tokens = blocks.tokens
        guard let made = tokens.indices.first(where: { index in
            index + 3 < tokens.count && tokens[index].is("local") && tokens[index + 1].is(name)
                && tokens[index + 2].is("=") && tokens[index + 3].is("{")
        }) else { return nil }
        let constructor = made + 3
        for index in tokens.indices where index != made + 1 && tokens[index].is(name) && index > 0 && !tokens[index - 1].is(".") {
            let before = tokens[index - 1], after = index + 1 < tokens.count ? tokens[index + 1] : nil
            if let after, after.is(".") || after.is("[") { continue }
            if ["(", "=", "{"].contains(where: before.is) { return nil }
            if let after, [")", ",", "=", ":", "}"].contains(where: after.is) { return nil }
        }
        var keys = Set(blocks.constructorKeys(at: constructor).map(\.value))
        for index in tokens.indices.dropLast(3) where tokens[index].is(name) && (index == 0 || !tokens[index - 1].is(".")) {
            if tokens[index + 1].is("."), tokens[index + 2].kind == .name, tokens[index + 3].is("=") {
                keys.insert(tokens[index + 2].text)
            } else if index + 4 < tokens.count, tokens[index + 1].is("["), tokens[index + 2].kind == .string,
                      tokens[index + 3].is("]"), tokens[index + 4].is("=") {
                keys.insert(tokens[index + 2].value)
            }
        }
        return keys
    }

    /// The index of the `function` token of `local function name` or `local name = function`.
    private static func localFunction(_ name: String, in blocks: LuaBlocks) -> Int? {
        let tokens = blocks.tokens
        for index in tokens.indices.dropLast(3) where tokens[index].is("local") {
            if tokens[index + 1].is("function"), tokens[index + 2].is(name) { return index + 1 }
            if tokens[index + 1].is(name), tokens[index + 2].is("="), tokens[index + 3].is("function") { return index + 3 }
        }
        return nil
    }
}
