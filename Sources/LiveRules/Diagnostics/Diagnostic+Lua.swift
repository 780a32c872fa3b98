import Lua

extension Diagnostic {
    /// A Lua error as a diagnostic: at its own location when it has one, else in `file`.
    init(luaError: LuaError, file: String) {
        let location = luaError.location
        self.init(file: location?.file ?? file, line: location?.line ?? 1, column: location?.column ?? 1, message: luaError.message)
    }
}
