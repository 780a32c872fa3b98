import CLua
import CLuaShim

/// A Swift closure Lua can call. Lives as long as its state; reached from C through a light
/// userdata upvalue.
final class LuaHostFunction {
    let name: String
    let body: (LuaCall) throws -> Void

    init(name: String, body: @escaping (LuaCall) throws -> Void) {
        self.name = name
        self.body = body
    }

    /// Runs the closure with the arguments on L's stack. Returns the number of results pushed, or
    /// -1 with an error message pushed: errors never leave Swift as a longjmp.
    func invoke(_ L: OpaquePointer) -> Int32 {
        let state = Unmanaged<LuaState>.fromOpaque(lrs_ctx(L).pointee.host).takeUnretainedValue()
        let base = lua_gettop(L)
        do {
            try body(LuaCall(state: state, name: name, argumentCount: Int(base)))
            return lua_gettop(L) - base
        } catch {
            lua_settop(L, base)
            state.pushString(String(describing: error))
            return -1
        }
    }
}

/// Called by the C trampoline for every Swift function call from Lua.
let luaHostDispatch: lrs_host_fn = { L, box in
    guard let L, let box else { return -1 }
    return Unmanaged<LuaHostFunction>.fromOpaque(box).takeUnretainedValue().invoke(L)
}
