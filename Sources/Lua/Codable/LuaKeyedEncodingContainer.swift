import CLua
import CLuaShim
import Foundation

/// Writes the fields of one table at a fixed stack slot, the one its frame names.
struct LuaKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let frame: LuaEncodingFrame
    private var encoder: LuaEncoder { frame.encoder! }
    private var L: OpaquePointer { frame.L! }
    private var table: Int32 { frame.table }
    private var path: LuaContainerPath { frame.path }

    init(frame: LuaEncodingFrame) {
        self.frame = frame
    }

    init(encoder: LuaEncoder, table: Int32, path: LuaContainerPath) {
        frame = LuaEncodingFrame(encoder: encoder, table: table, path: path)
    }

    var codingPath: [any CodingKey] { path.resolved(in: encoder.codingPath) }

    /// Pushes the key's string: from the frame's kept strings when it keeps them. [-0, +1]
    private func pushKey(_ key: Key) {
        if frame.keyStrings?.push(key, into: L, refusingIntegers: false) == true { return }
        var name = key.stringValue
        name.withUTF8 { lrs_pushkey(L, $0.baseAddress, $0.count) }
    }

    /// Pops the value on top into table[key], raw (a new table: no metamethods). [-1, +0]
    private func set(_ key: Key) {
        pushKey(key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, table)
        frame.entries += 1
    }

    /// table[key] = value, raw. [-0, +0]
    private func set(_ key: Key, string value: String) {
        pushKey(key)
        value.withUTF8Bytes { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        lua_rawset(L, table)
        frame.entries += 1
    }

    /// table[key] = value, a float, raw. [-0, +0]
    private func set(_ key: Key, number value: Double) {
        pushKey(key)
        lua_pushnumber(L, value)
        lua_rawset(L, table)
        frame.entries += 1
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { lua_pushboolean(L, value ? 1 : 0); set(key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(key, string: value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(key, number: value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(key, number: Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { lua_pushinteger(L, lua_Integer(value)); set(key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { lua_pushinteger(L, lua_Integer(value)); set(key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { lua_pushinteger(L, lua_Integer(value)); set(key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { lua_pushinteger(L, lua_Integer(value)); set(key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { lua_pushinteger(L, value); set(key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try push(value, into: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { lua_pushinteger(L, lua_Integer(value)); set(key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { lua_pushinteger(L, lua_Integer(value)); set(key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { lua_pushinteger(L, lua_Integer(value)); set(key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try push(value, into: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // Dates are common fields: written directly, without a coding path, unless the checks a
        // nested value gets (depth, stack room) could fail.
        if T.self == Date.self, path.depth + path.extra.count + 1 < LuaEncoder.maxDepth, lua_checkstack(L, 8) != 0 {
            set(key, number: unsafeBitCast(value, to: Date.self).timeIntervalSince1970)
        } else {
            try push(value, into: key)
        }
    }

    private func push<T: Encodable>(_ value: T, into key: Key) throws {
        try encoder.push(value, key: key, in: path)
        set(key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(LuaKeyedEncodingContainer<NestedKey>(
            encoder: encoder, table: nestedTable(key), path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        LuaUnkeyedEncodingContainer(encoder: encoder, table: nestedTable(key), path: path.appending(key))
    }

    /// Creates table[key] = {} and leaves the new table on the stack. [-0, +1]
    private func nestedTable(_ key: Key) -> Int32 {
        guard encoder.reserveContainer() else { return table }
        lrs_newtable(L)
        lua_pushvalue(L, -1)
        set(key)
        return lua_gettop(L)
    }

    mutating func superEncoder() -> any Encoder {
        LuaFieldEncoder(encoder: encoder, table: table, key: LuaSuperKey(), path: path)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        LuaFieldEncoder(encoder: encoder, table: table, key: key, path: path)
    }
}
