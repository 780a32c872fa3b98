import CLua
import CLuaShim
import Testing
@testable import Lua

/// C functions a host hands to Lua through `reference(function:)`.
@Suite struct CFunctionTests {
    /// doubles(n) -> 2n: a C function that cannot fail.
    private let doubles: @convention(c) (OpaquePointer?) -> Int32 = { L in
        lua_pushinteger(L, 2 * lua_tointegerx(L, 1, nil))
        return 1
    }

    @Test func aReferencedCFunctionIsCalledFromSwiftAndFromLua() throws {
        let state = try LuaState()
        let function = state.reference(function: doubles)
        #expect(try state.call(function, 21, returning: Int.self) == 42)
        let twice = try state.run("return function(f, n) return f(f(n)) end", chunkName: "twice.lua", returning: LuaRef.self)
        #expect(try state.call(twice, function, 5, returning: Int.self) == 20)
        #expect(state.stackDepth == 0)
    }

    @Test func aCFunctionThatRaisesBecomesALuaErrorAndLeavesTheStateUsable() throws {
        let state = try LuaState()
        // The shim's chunklines raises on what is not a binary chunk.
        let chunkLines = state.reference(function: lrs_chunklines)
        #expect(throws: LuaError.self) { try state.call(chunkLines, "not a chunk") }
        #expect(state.stackDepth == 0)
        #expect(try state.call(state.reference(function: doubles), 4, returning: Int.self) == 8)
        #expect(state.stackDepth == 0)
    }
}
