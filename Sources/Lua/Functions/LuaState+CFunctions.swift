import CLua

extension LuaState {
    /// A reference to a C function written against Lua's C API (a `lua_CFunction`), so Lua code
    /// of this state can call it: for hosts that implement part of their own work in C, next to
    /// the state rather than inside this layer. Pass the reference to Lua as a call argument, or
    /// call it with ``call(_:_:returning:)``.
    ///
    /// Lua calls the function like any other, in protected mode and under the state's budgets,
    /// so it may raise with `lua_error` (the raise never crosses a Swift frame). Its stack effect
    /// is its own contract with its callers.
    public func reference(function: @convention(c) (OpaquePointer?) -> Int32) -> LuaRef {
        lua_pushcclosure(L, function, 0)
        return LuaRef(popping: self)
    }

    /// Makes the C function `function` callable from Lua as the global `name` (dotted names
    /// create the tables on the way), as ``register(_:_:)`` does for a Swift function: for a
    /// host's hot helpers written against Lua's C API. It runs under the state's budgets and
    /// charges its own work (see ``reference(function:)``).
    public func register(_ name: String, function: @convention(c) (OpaquePointer?) -> Int32) {
        setGlobal(name) { lua_pushcclosure(L, function, 0) }
    }
}
