import CLua
import CLuaShim

extension LuaState {
    /// Where the Lua function `function` is written: its chunk name (without Lua's `@`) and the
    /// line its definition starts on; nil when it is not a Lua function or has no line
    /// information. Reads debug information only.
    public func definition(of function: LuaRef) -> SourceLocation? {
        function.push(into: self)
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            lrs_pop(L, 1)
            return nil
        }
        var record = lua_Debug()
        lua_getinfo(L, ">S", &record)  // pops the function
        guard record.linedefined > 0, let source = record.source else { return nil }
        var name = String(cString: source)
        if name.hasPrefix("@") { name.removeFirst() }
        return SourceLocation(file: name, line: Int(record.linedefined))
    }
}
