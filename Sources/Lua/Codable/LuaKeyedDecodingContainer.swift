import CLua
import CLuaShim

/// Reads the fields of one table at a fixed stack slot, the one its frame names, raw.
struct LuaKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let frame: LuaDecodingFrame
    private var decoder: LuaDecoder { frame.decoder! }
    private var L: OpaquePointer { frame.L! }
    private var table: Int32 { frame.table }
    private var path: LuaContainerPath { frame.path }

    var codingPath: [any CodingKey] { path.resolved(in: decoder.codingPath) }

    init(frame: LuaDecodingFrame) {
        self.frame = frame
    }

    init(decoder: LuaDecoder, table: Int32) {
        frame = LuaDecodingFrame(decoder: decoder, table: table)
    }

    /// The table's string keys (integer keys as their decimal text) that `Key` accepts.
    var allKeys: [Key] {
        var keys: [Key] = []
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            lrs_pop(L, 1)
            if lua_type(L, -1) == LUA_TSTRING, let name = try? decoder.state.string(at: -1),
               let key = Key(stringValue: name) {
                keys.append(key)
            } else if lua_isinteger(L, -1) != 0, let key = Key(intValue: Int(lua_tointegerx(L, -1, nil))) {
                keys.append(key)
            }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { !isNil(key) }

    private func isNil(_ key: Key) -> Bool {
        decoder.pushField(key, of: table, keyStrings: frame.keyStrings)
        defer { lrs_pop(L, 1) }
        return lua_type(L, -1) == LUA_TNIL
    }

    func decodeNil(forKey key: Key) throws -> Bool { isNil(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(T.self, field: key, of: table, in: path, keyStrings: frame.keyStrings)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        isNil(key) ? nil : try decode(T.self, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try nested(key) { try decoder.container(keyedBy: NestedKey.self) }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nested(key) { try decoder.unkeyedContainer() }
    }

    /// Opens a container on table[key]. The field's value stays on the stack for the container's
    /// use; the enclosing decode restores the stack when it is done.
    private func nested<C>(_ key: Key, _ open: () throws -> C) throws -> C {
        try decoder.reserveStack()
        decoder.pushField(key, of: table, keyStrings: frame.keyStrings)
        return try decoder.decodeOpening(path: path.appending(key), open)
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(field: LuaSuperKey())
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(field: key)
    }

    /// A decoder for table[key], which stays on the stack for its use.
    private func superDecoder(field key: any CodingKey) throws -> LuaDecoder {
        try decoder.reserveStack()
        decoder.pushField(key, of: table)
        return try decoder.superDecoder(path: path.appending(key).resolved(in: decoder.codingPath))
    }
}
