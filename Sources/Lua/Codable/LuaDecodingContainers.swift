import CLua
import CLuaShim

/// Where a keyed decoding container reads: its decoder, table slot and path. Containers reach it
/// through this reference, so a boxed container can serve a later value of the same type once
/// re-aimed; `decoder` is nil while no decode is using it.
final class LuaDecodingFrame: LuaContainerFrame {
    var decoder: LuaDecoder?
    var L: OpaquePointer?
    var table: Int32
    var path: LuaContainerPath
    /// The key strings, when the frame is kept.
    let keyStrings: LuaKeyStrings?

    init(decoder: LuaDecoder, table: Int32, kept: Bool = false) {
        self.decoder = decoder
        L = decoder.L
        self.table = table
        path = decoder.here
        keyStrings = kept ? LuaKeyStrings() : nil
    }

    func aim(_ decoder: LuaDecoder, table: Int32) {
        self.decoder = decoder
        L = decoder.L
        self.table = table
        path = decoder.here
    }

    func detach() { decoder = nil }
}

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

/// A kept decoding container, for key type `Key`.
final class LuaKeyedDecodingBox<Key: CodingKey>: LuaKeptContainer<LuaDecodingFrame> {
    let container: KeyedDecodingContainer<Key>

    init(frame: LuaDecodingFrame) {
        container = KeyedDecodingContainer(LuaKeyedDecodingContainer<Key>(frame: frame))
        super.init(keyType: ObjectIdentifier(Key.self), frame: frame)
    }
}

/// Reads the elements of one sequence at a fixed stack slot, raw. The count is the largest
/// positive integer key, so holes read as nil (and a trailing nil is lost); any other key makes it
/// not a sequence. Holes may outnumber elements by at most 1,024, so the work stays proportional
/// to the table: `{[math.maxinteger] = 1}` is not a sequence.
struct LuaUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: LuaDecoder
    let table: Int32
    let path: LuaContainerPath
    let count: Int?
    private(set) var currentIndex = 0
    private var L: OpaquePointer { decoder.L }

    var codingPath: [any CodingKey] { path.resolved(in: decoder.codingPath) }

    init(decoder: LuaDecoder, table: Int32) throws {
        self.decoder = decoder
        self.table = table
        path = decoder.here
        let L = decoder.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var (largest, elements): (lua_Integer, lua_Integer) = (0, 0)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            lrs_pop(L, 1)
            guard lua_isinteger(L, -1) != 0, lua_tointegerx(L, -1, nil) >= 1 else {
                throw LuaDecodingFailure(codingPath: decoder.codingPath, expected: "array",
                                         found: "table with key \(decoder.describe(at: -1))")
            }
            largest = max(largest, lua_tointegerx(L, -1, nil))
            elements += 1
        }
        guard largest - elements <= elements + 1_024 else {
            throw LuaDecodingFailure(codingPath: decoder.codingPath, expected: "array",
                                     found: "sparse table (\(elements) elements, largest key \(largest))")
        }
        count = Int(largest)
    }

    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    /// Pushes the current element. [-0, +1]
    private func pushCurrent() throws {
        guard !isAtEnd else {
            throw LuaDecodingFailure(codingPath: currentPath, expected: "another element", found: "the end of the array")
        }
        lua_rawgeti(L, table, lua_Integer(currentIndex + 1))
    }

    mutating func decodeNil() throws -> Bool {
        try pushCurrent()
        defer { lrs_pop(L, 1) }
        if lua_type(L, -1) == LUA_TNIL {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try pushCurrent()
        let value = try decoder.decode(T.self, at: top + 1, key: LuaIndexKey(intValue: currentIndex), in: path)
        currentIndex += 1
        return value
    }

    /// The coding path of the current element.
    private var currentPath: [any CodingKey] { currentContainerPath.resolved(in: decoder.codingPath) }

    /// The path of a container opened on the current element.
    private var currentContainerPath: LuaContainerPath { path.appending(LuaIndexKey(intValue: currentIndex)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let decoder = self.decoder
        return try nested { try decoder.container(keyedBy: NestedKey.self) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let decoder = self.decoder
        return try nested { try decoder.unkeyedContainer() }
    }

    /// Opens a container on the current element, which stays on the stack for its use.
    private mutating func nested<C>(_ open: () throws -> C) throws -> C {
        try decoder.reserveStack()
        try pushCurrent()
        let container = try decoder.decodeOpening(path: currentContainerPath, open)
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        try decoder.reserveStack()
        try pushCurrent()
        let superDecoder = try decoder.superDecoder(path: currentPath)
        currentIndex += 1
        return superDecoder
    }
}
