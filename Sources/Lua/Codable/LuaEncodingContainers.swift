import CLua
import CLuaShim
import Foundation

/// Where a keyed encoding container writes: its encoder, table slot and path, and how many fields
/// it wrote. Containers reach it through this reference, so a boxed container can serve a later
/// value of the same type once re-aimed; `encoder` is nil while no encode is using it.
final class LuaEncodingFrame: LuaContainerFrame {
    var encoder: LuaEncoder?
    var L: OpaquePointer?
    var table: Int32
    var path: LuaContainerPath
    var entries: Int32 = 0
    /// The key strings, when the frame is kept.
    let keyStrings: LuaKeyStrings?

    init(encoder: LuaEncoder, table: Int32, path: LuaContainerPath, kept: Bool = false) {
        self.encoder = encoder
        L = encoder.L
        self.table = table
        self.path = path
        keyStrings = kept ? LuaKeyStrings() : nil
    }

    func aim(_ encoder: LuaEncoder, table: Int32) {
        self.encoder = encoder
        L = encoder.L
        self.table = table
        path = encoder.here
        entries = 0
    }

    func detach() { encoder = nil }
}

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

/// A kept encoding container, for key type `Key`.
final class LuaKeyedEncodingBox<Key: CodingKey>: LuaKeptContainer<LuaEncodingFrame> {
    let container: KeyedEncodingContainer<Key>

    init(frame: LuaEncodingFrame) {
        container = KeyedEncodingContainer(LuaKeyedEncodingContainer<Key>(frame: frame))
        super.init(keyType: ObjectIdentifier(Key.self), frame: frame)
    }
}

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

// MARK: - String's UTF-8 bytes

extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place when the string is stored contiguously
    /// (native strings are; no copy, no reference counting), else from a copy.
    func withUTF8Bytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if utf8.withContiguousStorageIfAvailable(body) != nil { return }
        var copy = self
        copy.withUTF8(body)
    }
}
