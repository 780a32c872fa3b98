import CLua
import CLuaShim

/// Writes the elements of one sequence at a fixed stack slot; a nil element leaves a hole.
struct LuaUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: LuaEncoder
    let table: Int32
    let path: LuaContainerPath
    private(set) var count = 0
    private var L: OpaquePointer { encoder.L }

    init(encoder: LuaEncoder, table: Int32, path: LuaContainerPath) {
        self.encoder = encoder
        self.table = table
        self.path = path
    }

    var codingPath: [any CodingKey] { path.resolved(in: encoder.codingPath) }

    /// Pops the value on top into the next element. [-1, +0]
    private mutating func append() {
        count += 1
        lua_rawseti(L, table, lua_Integer(count))
        encoder.counted(table)
    }

    mutating func encodeNil() throws { count += 1 }
    mutating func encode(_ value: Bool) throws { lua_pushboolean(L, value ? 1 : 0); append() }
    mutating func encode(_ value: String) throws { encoder.state.pushString(value); append() }
    mutating func encode(_ value: Double) throws { lua_pushnumber(L, value); append() }
    mutating func encode(_ value: Float) throws { lua_pushnumber(L, Double(value)); append() }
    mutating func encode(_ value: Int) throws { lua_pushinteger(L, lua_Integer(value)); append() }
    mutating func encode(_ value: Int8) throws { lua_pushinteger(L, lua_Integer(value)); append() }
    mutating func encode(_ value: Int16) throws { lua_pushinteger(L, lua_Integer(value)); append() }
    mutating func encode(_ value: Int32) throws { lua_pushinteger(L, lua_Integer(value)); append() }
    mutating func encode(_ value: Int64) throws { lua_pushinteger(L, value); append() }
    mutating func encode(_ value: UInt) throws { try encode(element: value) }
    mutating func encode(_ value: UInt8) throws { lua_pushinteger(L, lua_Integer(value)); append() }
    mutating func encode(_ value: UInt16) throws { lua_pushinteger(L, lua_Integer(value)); append() }
    mutating func encode(_ value: UInt32) throws { lua_pushinteger(L, lua_Integer(value)); append() }
    mutating func encode(_ value: UInt64) throws { try encode(element: value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encode(element: value) }

    private mutating func encode<T: Encodable>(element value: T) throws {
        try encoder.push(value, key: LuaIndexKey(intValue: count), in: path)
        append()
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = LuaIndexKey(intValue: count)
        return KeyedEncodingContainer(LuaKeyedEncodingContainer<NestedKey>(
            encoder: encoder, table: nestedTable(), path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = LuaIndexKey(intValue: count)
        return LuaUnkeyedEncodingContainer(encoder: encoder, table: nestedTable(), path: path.appending(key))
    }

    /// Appends a new table and leaves it on the stack. [-0, +1]
    private mutating func nestedTable() -> Int32 {
        guard encoder.reserveContainer() else { return table }
        lrs_newtable(L)
        lua_pushvalue(L, -1)
        append()
        return lua_gettop(L)
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return LuaFieldEncoder(encoder: encoder, table: table, key: LuaIndexKey(intValue: count - 1), path: path)
    }
}
