import CLua
import CLuaShim

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
