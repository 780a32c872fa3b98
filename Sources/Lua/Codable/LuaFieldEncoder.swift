import CLua
import CLuaShim

/// The encoder `superEncoder()` hands out: whatever is encoded into it lands in one field
/// (or element) of an existing table.
final class LuaFieldEncoder: Encoder {
    let encoder: LuaEncoder
    let table: Int32
    let key: any CodingKey
    /// The path of the container the field belongs to.
    let path: LuaContainerPath
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(encoder: LuaEncoder, table: Int32, key: any CodingKey, path: LuaContainerPath) {
        self.encoder = encoder
        self.table = table
        self.key = key
        self.path = path
    }

    var codingPath: [any CodingKey] { path.appending(key).resolved(in: encoder.codingPath) }

    /// Creates (or reuses) the field's table and leaves it on the stack. [-0, +1]
    private func fieldTable() -> Int32 {
        let L = encoder.L
        guard encoder.reserveContainer() else { return table }
        pushKey()
        if lua_rawget(L, table) != LUA_TTABLE {
            lrs_pop(L, 1)
            lrs_newtable(L)
            pushKey()
            lua_pushvalue(L, -2)
            lua_rawset(L, table)
        }
        return lua_gettop(L)
    }

    /// Pushes the field's key: an index for sequence elements, a string otherwise. [-0, +1]
    private func pushKey() {
        if key is LuaIndexKey, let index = key.intValue {
            lua_pushinteger(encoder.L, lua_Integer(index + 1))
        } else {
            encoder.state.pushString(key.stringValue)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(LuaKeyedEncodingContainer<Key>(encoder: encoder, table: fieldTable(), path: path.appending(key)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        LuaUnkeyedEncodingContainer(encoder: encoder, table: fieldTable(), path: path.appending(key))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        LuaFieldValueContainer(field: self)
    }

    /// Pops the value on top into the field. [-1, +0]
    fileprivate func store() {
        pushKey()
        lua_rotate(encoder.L, -2, 1)
        lua_rawset(encoder.L, table)
    }
}

/// Single values encoded into a ``LuaFieldEncoder``: pushed, then stored in its field.
private struct LuaFieldValueContainer: SingleValueEncodingContainer {
    let field: LuaFieldEncoder
    var codingPath: [any CodingKey] { field.codingPath }

    mutating func encodeNil() throws {
        lua_pushnil(field.encoder.L)
        field.store()
    }

    mutating func encode<T: Encodable>(_ value: T) throws { try storeValue(value) }

    private func storeValue<T: Encodable>(_ value: T) throws {
        try field.encoder.push(value, key: field.key, in: field.path)
        field.store()
    }

    mutating func encode(_ value: Bool) throws { try storeValue(value) }
    mutating func encode(_ value: String) throws { try storeValue(value) }
    mutating func encode(_ value: Double) throws { try storeValue(value) }
    mutating func encode(_ value: Float) throws { try storeValue(value) }
    mutating func encode(_ value: Int) throws { try storeValue(value) }
    mutating func encode(_ value: Int8) throws { try storeValue(value) }
    mutating func encode(_ value: Int16) throws { try storeValue(value) }
    mutating func encode(_ value: Int32) throws { try storeValue(value) }
    mutating func encode(_ value: Int64) throws { try storeValue(value) }
    mutating func encode(_ value: UInt) throws { try storeValue(value) }
    mutating func encode(_ value: UInt8) throws { try storeValue(value) }
    mutating func encode(_ value: UInt16) throws { try storeValue(value) }
    mutating func encode(_ value: UInt32) throws { try storeValue(value) }
    mutating func encode(_ value: UInt64) throws { try storeValue(value) }
}
