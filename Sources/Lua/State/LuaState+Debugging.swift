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

// MARK: - Describing values

extension LuaState {
    /// How errors show the value at `slot`: "nil", "string \"abc\"", "number 3.5", "integer 3",
    /// "boolean true", "table"… Reads only; no metamethod runs; of a long string, copies only
    /// the start it shows.
    @usableFromInline func describe(at slot: Int32) -> String {
        switch lua_type(L, slot) {
        case LUA_TNONE, LUA_TNIL: return "nil"
        case LUA_TBOOLEAN: return "boolean \(lua_toboolean(L, slot) != 0)"
        case LUA_TNUMBER:
            if lua_isinteger(L, slot) != 0 { return "integer \(lua_tointegerx(L, slot, nil))" }
            return "number \(lua_tonumberx(L, slot, nil))"
        case LUA_TSTRING:
            var length = 0
            let pointer = lua_tolstring(L, slot, &length)
            // 40 characters take at most 160 bytes (and a cut one at the end of them).
            let text = String(decoding: UnsafeRawBufferPointer(start: pointer, count: min(length, 164)), as: UTF8.self)
            return "string \"\(text.count > 40 ? text.prefix(40) + "…" : text)\""
        default:
            return String(cString: lua_typename(L, lua_type(L, slot)))
        }
    }
}
