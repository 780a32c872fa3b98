import CLua
import CLuaShim
import Foundation

/// Reads `Decodable` values straight from a Lua stack, with no JSON in between: the inverse of
/// ``LuaEncoder``'s mapping, strict about types.
///
/// Integers decode from Lua integers, or from floats with an integral value in range (Lua's `/`
/// always makes floats); a fractional float is an error. Floating-point types decode from any
/// number. `Bool` reads only booleans (no truthiness); `String` reads only strings and refuses
/// invalid UTF-8; sequences must have only positive integer keys (holes read as nil, a trailing
/// nil is lost; see ``LuaUnkeyedDecodingContainer``); an empty table is both an empty sequence
/// and an empty keyed value. Reading uses raw access only, so a rule's metamethods never run in
/// the host. Values nested more than ``LuaEncoder/maxDepth`` levels deep are refused. Every
/// error carries its coding path.
///
/// Its hot stored properties skip run-time exclusivity checks (`@exclusivity(unchecked)`): a
/// coder serves one call on one thread and never overlaps accesses to them.
final class LuaDecoder: Decoder, SingleValueDecodingContainer {
    let state: LuaState
    let L: OpaquePointer
    @exclusivity(unchecked) var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The absolute stack slot of the value being decoded now.
    @exclusivity(unchecked) private(set) var index: Int32 = 0
    /// The path of the container `decodeOpening` is opening, while it does.
    @exclusivity(unchecked) private var openingPath: LuaContainerPath?
    /// What is known about the type of the value being decoded now. (Facts live as long as the
    /// state, which outlives the decoder: held without reference counting.)
    @exclusivity(unchecked) private var facts: Unmanaged<LuaDecodingFacts>?
    /// The kept keyed container the current value uses, released when it is done. (Its facts
    /// hold it.)
    @exclusivity(unchecked) private var borrowed: Unmanaged<LuaKeptContainer<LuaDecodingFrame>>?

    init(state: LuaState) {
        self.state = state
        L = state.L
        codingPath.reserveCapacity(8)
    }

    /// Decodes the value at `slot` (absolute), found at `key` in a container at `path`.
    func decode<T: Decodable>(_ type: T.Type, at slot: Int32, key: any CodingKey, in path: LuaContainerPath) throws -> T {
        if path.isCurrent(in: codingPath) {
            codingPath.append(key)
            defer { codingPath.removeLast() }
            return try decode(T.self, at: slot)
        }
        let outer = codingPath
        codingPath = path.resolved(in: codingPath) + [key]
        defer { codingPath = outer }
        return try decode(T.self, at: slot)
    }

    /// The path of a container opened on the current value.
    var here: LuaContainerPath { openingPath ?? LuaContainerPath(depth: codingPath.count) }

    /// Decodes the value at `slot` (absolute) as `T`.
    func decode<T: Decodable>(_ type: T.Type, at slot: Int32) throws -> T {
        let outer = index
        index = slot
        defer { index = outer }
        try checkDepth(of: codingPath, at: slot)
        try reserveStack()
        // Scalars and the types whose Lua form differs from their Decodable form, read directly.
        // (Each branch has checked that `T` is the type it casts from.)
        if T.self == String.self { return unsafeBitCast(try decode(String.self), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try decode(Double.self), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try decode(Int.self), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try decode(Bool.self), to: T.self) }
        if T.self == LuaIgnored.self { return unsafeBitCast(LuaIgnored(), to: T.self) }
        if T.self == Date.self {
            return unsafeBitCast(Date(timeIntervalSince1970: try number("date (Unix seconds)")), to: T.self)
        }
        if T.self == Data.self { return unsafeBitCast(Data(try bytes("bytes (a string)")), to: T.self) }
        if T.self == URL.self {
            let text = try decode(String.self)
            guard let url = URL(string: text) else { throw mismatch("a URL") }
            return unsafeBitCast(url, to: T.self)
        }
        let facts = state.decodingFacts(for: T.self)
        if facts.integerKeyed, let dictionary = T.self as? any LuaIntegerKeyedDecodable.Type {
            return try dictionary.init(luaTableAt: try table("table"), with: self) as! T
        }
        let (outerFacts, outerBorrowed) = (self.facts, borrowed)
        (self.facts, borrowed) = (.passUnretained(facts), nil)
        defer {
            borrowed?._withUnsafeGuaranteedRef { $0.release() }
            (self.facts, borrowed) = (outerFacts, outerBorrowed)
        }
        do {
            return try T(from: self)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.count == codingPath.count {
            throw mismatch("a valid \(T.self)")
        }
    }

    /// Decodes table[key] of the table at `table`, a container at `path` whose key strings (if
    /// kept) are `keyStrings`.
    func decode<T: Decodable, K: CodingKey>(
        _ type: T.Type, field key: K, of table: Int32, in path: LuaContainerPath, keyStrings: LuaKeyStrings?
    ) throws -> T {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushField(key, of: table, keyStrings: keyStrings)
        // The common scalars need no coding path unless they (or the checks a nested value gets:
        // depth, stack room) fail; then the full decode below reads them again and reports the
        // error with it. (Each branch has checked that `T` is the type it casts from.)
        let slot = top + 1
        if path.isCurrent(in: codingPath), codingPath.count + 1 < LuaEncoder.maxDepth, lua_checkstack(L, 8) != 0 {
            let type = lua_type(L, slot)
            if T.self == String.self, type == LUA_TSTRING, let text = validString(at: slot) {
                return unsafeBitCast(text, to: T.self)
            }
            if T.self == Double.self, type == LUA_TNUMBER {
                return unsafeBitCast(lua_tonumberx(L, slot, nil), to: T.self)
            }
            if T.self == Bool.self, type == LUA_TBOOLEAN {
                return unsafeBitCast(lua_toboolean(L, slot) != 0, to: T.self)
            }
            if T.self == Date.self, type == LUA_TNUMBER {
                return unsafeBitCast(Date(timeIntervalSince1970: lua_tonumberx(L, slot, nil)), to: T.self)
            }
        }
        return try decode(T.self, at: slot, key: key, in: path)
    }

    /// Pushes table[key], raw: the integer first for integer keys, then the string (from
    /// `keyStrings` when they serve the key). [-0, +1]
    func pushField<K: CodingKey>(_ key: K, of table: Int32, keyStrings: LuaKeyStrings? = nil) {
        if keyStrings?.push(key, into: L, refusingIntegers: true) == true {
            lua_rawget(L, table)
            return
        }
        if key.isInteger, let integer = key.intValue {
            if lua_rawgeti(L, table, lua_Integer(integer)) != LUA_TNIL { return }
            lrs_pop(L, 1)
        }
        var name = key.stringValue
        name.withUTF8 { name in _ = lrs_getfield(L, table, name.baseAddress, name.count) }
    }

    /// Reads a table with integer keys into a dictionary.
    func integerKeyedEntries<Value: Decodable>(_ type: Value.Type, at table: Int32) throws -> [Int: Value] {
        var entries: [Int: Value] = [:]
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            guard lua_isinteger(L, -2) != 0 else {
                throw LuaDecodingFailure(codingPath: codingPath, expected: "integer keys", found: "key \(describe(at: -2))")
            }
            let key = Int(lua_tointegerx(L, -2, nil))
            let slot = lua_gettop(L)
            entries[key] = try decode(Value.self, at: slot, key: LuaIntegerKey(intValue: key), in: here)
            lua_settop(L, slot - 1)
        }
        return entries
    }

    /// Refuses a value nested more than ``LuaEncoder/maxDepth`` levels deep: each level adds a
    /// key to the path.
    private func checkDepth(of path: [any CodingKey], at slot: Int32) throws {
        guard path.count < LuaEncoder.maxDepth else {
            throw LuaDecodingFailure(codingPath: path, expected: "at most \(LuaEncoder.maxDepth) levels of nesting",
                                     found: describe(at: slot))
        }
    }

    /// Makes room on the Lua stack for the values a decode leaves there while it reads.
    func reserveStack() throws {
        guard lua_checkstack(L, 8) != 0 else {
            throw LuaDecodingFailure(codingPath: codingPath, expected: "fewer nested values", found: "more than the Lua stack holds")
        }
    }

    // MARK: Reading scalars at `index`

    /// The slot's table, or a type error. Returns its absolute index. A read-only table there is
    /// replaced by the table behind it (``LuaTableReader`` does the same).
    func table(_ expected: String) throws -> Int32 {
        guard lua_type(L, index) == LUA_TTABLE else { throw mismatch(expected) }
        lrs_readthrough(L, index)
        return index
    }

    private func number(_ expected: String) throws -> Double {
        guard lua_type(L, index) == LUA_TNUMBER else { throw mismatch(expected) }
        return lua_tonumberx(L, index, nil)
    }

    private func bytes(_ expected: String) throws -> UnsafeRawBufferPointer {
        guard lua_type(L, index) == LUA_TSTRING else { throw mismatch(expected) }
        var length = 0
        let pointer = lua_tolstring(L, index, &length)
        return UnsafeRawBufferPointer(start: pointer, count: length)
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let expected = I.isSigned || I.bitWidth < 64 ? "integer" : "non-negative integer"
        guard lua_type(L, index) == LUA_TNUMBER else { throw mismatch(expected) }
        if lua_isinteger(L, index) != 0 {
            guard let value = I(exactly: lua_tointegerx(L, index, nil)) else {
                throw mismatch("integer in \(I.min)...\(I.max)")
            }
            return value
        }
        let float = lua_tonumberx(L, index, nil)
        guard let value = I(exactly: float) else {
            throw mismatch(float.rounded() == float ? "integer in \(I.min)...\(I.max)" : expected)
        }
        return value
    }

    // MARK: Errors

    func mismatch(_ expected: String) -> LuaDecodingFailure {
        LuaDecodingFailure(codingPath: codingPath, expected: expected, found: describe(at: index))
    }

    /// "nil", "string \"abc\"", "number 3.5", "integer 3", "boolean true", "table"...
    func describe(at slot: Int32) -> String {
        state.describe(at: slot)
    }

    // MARK: Decoder

    /// A keyed container on the current value: the one its type's last value used when it is
    /// free, re-aimed at this value's table. (Containers `decodeOpening` opens are new.)
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let table = try table("table")
        guard borrowed == nil, openingPath == nil, let facts = facts?.takeUnretainedValue() else {
            return KeyedDecodingContainer(LuaKeyedDecodingContainer<Key>(decoder: self, table: table))
        }
        if let kept = facts.keyedContainer {
            guard !kept.inUse, kept.keyType == ObjectIdentifier(Key.self) else {
                return KeyedDecodingContainer(LuaKeyedDecodingContainer<Key>(decoder: self, table: table))
            }
            kept.acquire(by: self, table: table)
            borrowed = .passUnretained(kept)
            return unsafeDowncast(kept, to: LuaKeyedDecodingBox<Key>.self).container
        }
        let made = LuaKeyedDecodingBox<Key>(frame: LuaDecodingFrame(decoder: self, table: table, kept: true))
        facts.keyedContainer = made
        borrowed = .passUnretained(made)
        return made.container
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try LuaUnkeyedDecodingContainer(decoder: self, table: try table("array"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { lua_type(L, index) <= LUA_TNIL }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard lua_type(L, index) == LUA_TBOOLEAN else { throw mismatch("boolean") }
        return lua_toboolean(L, index) != 0
    }

    func decode(_ type: String.Type) throws -> String {
        _ = try bytes("string")
        guard let text = validString(at: index) else { throw mismatch("valid UTF-8 string") }
        return text
    }

    /// The string at `slot`, which must be a string; nil when it is not valid UTF-8.
    private func validString(at slot: Int32) -> String? {
        var length = 0
        let raw = UnsafeRawBufferPointer(start: lua_tolstring(L, slot, &length), count: length)
        let text = String(decoding: raw, as: UTF8.self)
        // Decoding repairs invalid UTF-8, so the text keeps the bytes exactly when they were valid.
        // ASCII, the common case, is always valid and needs no comparison.
        guard raw.allSatisfy({ $0 < 0x80 }) || text.utf8.elementsEqual(raw) else { return nil }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double { try number("number") }
    func decode(_ type: Float.Type) throws -> Float { Float(try number("number")) }
    func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decode(T.self, at: index) }
}

/// A decoding failure inside the decoder, turned into ``LuaError/decoding(path:expected:found:)``
/// at the API boundary.
struct LuaDecodingFailure: Error {
    let codingPath: [any CodingKey]
    let expected: String
    let found: String
}

extension LuaState {
    /// Decodes the value at stack `index` (negative counts from the top) as `T`. [-0, +0]
    func decode<T: Decodable>(_ type: T.Type, at index: Int32) throws(LuaError) -> T {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        do {
            return try LuaDecoder(state: self).decode(T.self, at: lua_absindex(L, index))
        } catch let failure as LuaDecodingFailure {
            throw .decoding(path: failure.codingPath.luaPath, expected: failure.expected, found: failure.found)
        } catch let error as DecodingError {
            throw LuaError(error)
        } catch {
            throw .decoding(path: "", expected: "\(T.self)", found: String(describing: error))
        }
    }

    /// The string at stack `index`, which must be a valid UTF-8 string.
    func string(at index: Int32) throws(LuaError) -> String {
        try decode(String.self, at: index)
    }
}

extension LuaError {
    /// A `DecodingError` a `Decodable` type threw itself, with its path.
    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            self = .decoding(path: context.codingPath.luaPath, expected: "\(type)", found: context.debugDescription)
        case .keyNotFound(let key, let context):
            self = .decoding(path: (context.codingPath + [key]).luaPath, expected: "a value", found: "nil")
        case .dataCorrupted(let context):
            self = .decoding(path: context.codingPath.luaPath, expected: "valid data", found: context.debugDescription)
        @unknown default:
            self = .decoding(path: "", expected: "valid data", found: String(describing: error))
        }
    }
}

extension LuaDecoder {
    /// A decoder for the value on top of the stack, for `superDecoder()`; the value stays there
    /// for its use.
    func superDecoder(path: [any CodingKey]) throws -> LuaDecoder {
        try checkDepth(of: path, at: -1)
        let decoder = LuaDecoder(state: state)
        decoder.codingPath = path
        decoder.index = lua_gettop(L)
        return decoder
    }

    /// Runs `open` (which opens a container) on the value on top of the stack, for a container at
    /// `path`. The value stays there for the container's use.
    func decodeOpening<C>(path: LuaContainerPath, _ open: () throws -> C) throws -> C {
        try checkDepth(of: path.resolved(in: codingPath), at: -1)
        let (outerIndex, outerOpening) = (index, openingPath)
        (index, openingPath) = (lua_gettop(L), path)
        defer { (index, openingPath) = (outerIndex, outerOpening) }
        return try open()
    }
}
