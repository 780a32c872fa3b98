import CLua

extension LuaCall {
    /// The Lua functions on the stack below this host function, innermost first: each one's chunk
    /// name (as given to ``LuaState/load(_:chunkName:pure:)``, without Lua's `@`) and the line it
    /// is running. C functions, and Lua functions without line information, are left out. Reads
    /// the stack only; the budgets and the stack's contents are unaffected.
    public func callers() -> [SourceLocation] {
        var found: [SourceLocation] = []
        var record = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(state.L, level, &record) != 0 {
            level += 1
            guard lua_getinfo(state.L, "Sl", &record) != 0, record.currentline > 0, let source = record.source else { continue }
            var name = String(cString: source)
            if name.hasPrefix("@") { name.removeFirst() }
            found.append(SourceLocation(file: name, line: Int(record.currentline)))
        }
        return found
    }
}
