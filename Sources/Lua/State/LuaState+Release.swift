import CLuaShim

extension LuaState {
    /// The Lua release this library was built with and runs, e.g. `Lua 5.4.6`.
    public static var release: String { String(cString: lrs_release()) }
}
