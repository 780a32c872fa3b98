import CLua
import CLuaShim
import Testing
@testable import Lua

/// The C schema checker on values nested deeper than Lua's guaranteed stack (about five slots
/// per level): it must reserve its stack as it goes and leave exactly one result on failure.
@Suite struct SchemaCheckTests {
    /// A state with `prepare` and `check` (the shim's schema functions) and `collect` (a full
    /// collection, which moves what the check left on the stack if it wrote past it) as globals.
    private func state() throws -> LuaState {
        let state = try LuaState()
        lua_pushcclosure(state.L, { L in lrs_collectgarbage(L); return 0 }, 0)
        lua_setglobal(state.L, "collect")
        lua_pushcclosure(state.L, lrs_schema_prepare, 0)
        lua_setglobal(state.L, "prepare")
        lua_pushcclosure(state.L, lrs_schema_check, 0)
        lua_setglobal(state.L, "check")
        return state
    }

    /// Builds an object type nested `depth` levels (`{ inner = { inner = … "leaf" } }`), checks a
    /// good value strictly and a bad one at the deepest level, collecting garbage in between.
    private func source(depth: Int) -> String {
        """
        local depth = \(depth)
        local d = { 1, false, "string" }
        for i = 1, depth do d = { 9, false, "Level" .. i, { inner = d }, { "inner" } } end
        prepare(d)
        local good, bad = "leaf", 5
        for i = 1, depth do good, bad = { inner = good }, { inner = bad } end
        local view = check(good, d, "state", true)
        collect()
        local value = view
        for i = 1, depth do value = value.inner end
        local result, message = check(bad, d, "state", true)
        collect()
        return value .. "|" .. tostring(result) .. "|" .. message
        """
    }

    @Test(arguments: [8, 30, 60])
    func deeplyNestedValuesAreCheckedWithinTheStack(depth: Int) throws {
        let state = try state()
        let result = try state.run(source(depth: depth), chunkName: "schema.lua", returning: String.self)
        let path = "state" + String(repeating: ".inner", count: depth)
        #expect(result == "leaf|nil|\(path): expected string, got 5")
        #expect(state.stackDepth == 0)
    }

    @Test func valuesNestedPastTheLimitAreRefused() throws {
        let state = try state()
        #expect(throws: LuaError.self) { try state.run(source(depth: 70), chunkName: "schema.lua") }
        #expect(state.stackDepth == 0)
    }
}
