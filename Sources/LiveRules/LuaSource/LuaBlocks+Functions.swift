extension LuaBlocks {
    /// The index of the `function` of the function a rule file returns: its last top-level
    /// `return function(…)`, or the function its last top-level `return NAME` names
    /// (`local function NAME`, `function NAME`, `NAME = function`, at the top level). Nil when
    /// the file returns no function that way.
    package var returnedFunction: Int? {
        guard let last = topLevelReturn, last + 1 < tokens.count else { return nil }
        if tokens[last + 1].is("function") { return last + 1 }
        let name = tokens[last + 1]
        guard name.kind == .name else { return nil }
        for index in tokens.indices.dropLast(2) where depths[index] == 0 {
            if tokens[index].is("function"), tokens[index + 1].kind == .name, tokens[index + 1].text == name.text { return index }
            if tokens[index].kind == .name, tokens[index].text == name.text, tokens[index + 1].is("="), tokens[index + 2].is("function") {
                return index + 2
            }
        }
        return nil
    }

    /// The `return` statements directly in the body of the function opened at `index` (not in
    /// functions nested in it); empty when no function opens there.
    package func returns(ofFunctionAt index: Int) -> [Int] {
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
}
