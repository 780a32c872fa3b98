import CLua
import CLuaShim

extension LuaState {
    /// Whether the lines Lua code runs are counted (see ``coverage()``). Off by default; while on,
    /// the hook also gets a call per line run. The budgets are unaffected.
    public var recordsCoverage: Bool {
        get { context.pointee.coverage != 0 }
        set { lrs_setcoverage(L, newValue ? 1 : 0) }
    }

    /// The hits counted since the state was created or ``resetCoverage()``: per chunk name (as
    /// given to ``load(_:chunkName:pure:)``, without Lua's leading `@`), per line, how often the line
    /// started running (a loop's line once per iteration).
    public func coverage() -> [String: [Int: Int]] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var hits: [String: [Int: Int]] = [:]
        guard rawField(LRS_COVERAGE, of: lrs_registryindex()) == LUA_TTABLE else { return hits }
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            var name = rawString(at: -2)
            if name.hasPrefix("@") { name.removeFirst() }
            hits[name] = integerPairs(at: -1)
            lrs_pop(L, 1)
        }
        return hits
    }

    /// Forgets the hits counted so far.
    public func resetCoverage() {
        lua_pushnil(L)
        setRawField(LRS_COVERAGE, of: lrs_registryindex())
    }

    /// The lines of `source` that hold code, in the chunk and every function in it: the lines
    /// ``coverage()`` can report for it. Leaves out the implicit `return` ending each function
    /// (it runs only when control falls off the end, so a function that always returns
    /// explicitly has no code on its `end` line). Compiles `source` as ``load(_:chunkName:pure:)``
    /// does, without running it.
    public func executableLines(of source: String, chunkName: String) throws(LuaError) -> Set<Int> {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushcclosure(L, lrs_activelines, 0)
        try pushChunk(source, chunkName: chunkName)
        try protectedCall(arguments: 1, results: 1)
        return Set(integerPairs(at: -1).keys)
    }

    /// The string at index, bytes exactly; no conversion. [-0, +0]
    private func rawString(at index: Int32) -> String {
        var length = 0
        let bytes = lua_tolstring(L, index, &length)
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// The integer keys of the table at index with their values as integers (0 for others),
    /// read raw. [-0, +0]
    private func integerPairs(at index: Int32) -> [Int: Int] {
        let table = lua_absindex(L, index)
        var pairs: [Int: Int] = [:]
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            pairs[Int(lua_tointegerx(L, -2, nil))] = Int(lua_tointegerx(L, -1, nil))
            lrs_pop(L, 1)
        }
        return pairs
    }
}
