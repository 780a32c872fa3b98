import CLua
import CLuaShim

/// C functions of the shim that the layers above hand to their own Lua code.
public enum LuaBuiltin: Sendable {
    /// `prepare(descriptor) -> descriptor`: readies a schema descriptor for `schemaCheck`
    /// (see `lrs_schema_prepare`).
    case schemaPrepare
    /// `check(value, descriptor, rootName, strict) -> value | nil, message`: checks a rule input
    /// against a schema descriptor and, when strict, gives rules read-only views of it (see
    /// `lrs_schema_check`).
    case schemaCheck
}

extension LuaState {
    /// A reference to one of the shim's functions, callable from Lua code of this state.
    public func reference(_ builtin: LuaBuiltin) -> LuaRef {
        switch builtin {
        case .schemaPrepare: lua_pushcclosure(L, lrs_schema_prepare, 0)
        case .schemaCheck: lua_pushcclosure(L, lrs_schema_check, 0)
        }
        return LuaRef(popping: self)
    }
}
