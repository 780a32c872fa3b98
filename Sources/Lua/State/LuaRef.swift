import CLua
import CLuaShim

/// A Lua value held in the registry of its state, so the host can keep it across calls: a rule
/// function, or input encoded once and passed to many calls (ActivityKit attributes never change
/// during an activity). Pass it as an argument to ``LuaState/call(_:_:)``; decode one from any
/// Lua value (`state.run(source, chunkName: name, returning: LuaRef.self)`).
public final class LuaRef: Codable {
    let state: LuaState
    private let reference: Int32

    /// Pops the value on top of the state's stack into the registry. [-1, +0]
    init(popping state: LuaState) {
        self.state = state
        reference = luaL_ref(state.L, lrs_registryindex())
    }

    /// Keeps the value being decoded. Only `LuaDecoder` can decode a reference.
    public init(from decoder: any Decoder) throws {
        guard let lua = decoder as? LuaDecoder else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "a LuaRef can only be decoded from a LuaState"))
        }
        state = lua.state
        lua_pushvalue(state.L, lua.index)
        reference = luaL_ref(state.L, lrs_registryindex())
    }

    deinit {
        luaL_unref(state.L, lrs_registryindex(), reference)
    }

    /// Pushes the value; it must belong to `state`. [-0, +1]
    func push(into state: LuaState) {
        precondition(state === self.state, "a LuaRef is used with the state that made it")
        lua_rawgeti(state.L, lrs_registryindex(), lua_Integer(reference))
    }

    /// Only `LuaEncoder` can encode a reference (it pushes the value itself).
    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, .init(
            codingPath: encoder.codingPath,
            debugDescription: "a LuaRef can only be passed to its own LuaState"))
    }
}

extension LuaState {
    /// Encodes `value` once and keeps it in the registry for reuse as a call argument.
    public func reference(_ value: some Encodable) throws(LuaError) -> LuaRef {
        try push(value)
        return LuaRef(popping: self)
    }
}
