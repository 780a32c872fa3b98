import CLua
import CLuaShim

/// Reads a Lua table on the stack field by field, for hosts that know the shape of what they
/// read: no `Codable`, raw reads only (no metamethod runs, nothing raises through Swift). A value
/// of the wrong type is a `LuaError.decoding` naming its path with Lua's 1-based indices
/// (`items[2].text: expected string, got nil`), as `LuaDecoder`'s are.
/// A reader is valid only inside the closure it was given to.
///
/// Its methods are inlinable: a host's reading closures are then specialized for the types it
/// reads, where calls through the generic entry points would box every value they return.
public struct LuaTableReader {
    @usableFromInline let state: LuaState
    /// The table's absolute stack index.
    @usableFromInline let index: Int32

    /// A reader of the table at `index`; a read-only table there (a module's, a frozen one, an
    /// input view) is replaced by the table behind it, which raw reads see. Errors name paths
    /// from this table; the enclosing readers put their part in front as the error passes them,
    /// so a read that succeeds spells out no path.
    @usableFromInline init(state: LuaState, index: Int32) {
        self.state = state
        self.index = index
        lrs_readthrough(state.L, index)
    }

    @usableFromInline var L: OpaquePointer { state.L }

    /// The string field `key`.
    @inlinable public func string(_ key: String) throws(LuaError) -> String {
        try field(key) { slot throws(LuaError) in try text(at: slot, path: key) }
    }

    /// The string field `key`, or nil when it is absent.
    @inlinable public func optionalString(_ key: String) throws(LuaError) -> String? {
        try field(key) { slot throws(LuaError) in
            lua_type(L, slot) == LUA_TNIL ? nil : try text(at: slot, path: key)
        }
    }

    /// The number field `key` (an integer or a float).
    @inlinable public func number(_ key: String) throws(LuaError) -> Double {
        try field(key) { slot throws(LuaError) in
            guard lua_type(L, slot) == LUA_TNUMBER else { throw mismatch("number", at: slot, path: key) }
            return lua_tonumberx(L, slot, nil)
        }
    }

    /// The boolean field `key` (no truthiness: nil is an error).
    @inlinable public func bool(_ key: String) throws(LuaError) -> Bool {
        try field(key) { slot throws(LuaError) in
            guard lua_type(L, slot) == LUA_TBOOLEAN else { throw mismatch("boolean", at: slot, path: key) }
            return lua_toboolean(L, slot) != 0
        }
    }

    /// Whether field `key` holds anything but nil.
    @inlinable public func has(_ key: String) -> Bool {
        field(key) { slot in lua_type(L, slot) != LUA_TNIL }
    }

    /// Reads the table in field `key` with `read`.
    @inlinable public func table<T>(_ key: String, _ read: (LuaTableReader) throws(LuaError) -> T) throws(LuaError) -> T {
        try field(key) { slot throws(LuaError) in
            try table(at: slot, path: key, read)
        }
    }

    /// Reads the sequence in field `key` (1…n, n its raw length), each element with `read`; nil
    /// when the field is absent and `optional`.
    @inlinable public func list<T>(
        _ key: String, optional: Bool = false, _ read: (LuaListElement) throws(LuaError) -> T
    ) throws(LuaError) -> [T]? {
        try field(key) { slot throws(LuaError) -> [T]? in
            if optional && lua_type(L, slot) == LUA_TNIL { return nil }
            guard lua_type(L, slot) == LUA_TTABLE else { throw mismatch("table", at: slot, path: key) }
            lrs_readthrough(L, slot)
            let count = lua_rawlen(L, slot)
            var items: [T] = []
            items.reserveCapacity(Int(count))
            for position in stride(from: 1, through: Int(count), by: 1) {
                lua_rawgeti(L, slot, lua_Integer(position))
                defer { lrs_pop(L, 1) }
                do throws(LuaError) {
                    items.append(try read(LuaListElement(reader: self, slot: lua_gettop(L))))
                } catch {
                    throw Self.located(error, under: key + "[\(position)]")
                }
            }
            return items
        }
    }

    /// The table at `slot`, read with `read`; `path` names it in errors.
    @inlinable func table<T>(at slot: Int32, path: String, _ read: (LuaTableReader) throws(LuaError) -> T) throws(LuaError) -> T {
        guard lua_type(L, slot) == LUA_TTABLE else { throw mismatch("table", at: slot, path: path) }
        do throws(LuaError) {
            return try read(LuaTableReader(state: state, index: slot))
        } catch {
            throw Self.located(error, under: path)
        }
    }

    /// The Lua type of field `key`, as Lua's `type` names it: "nil", "string", "table"…
    @inlinable public func typeName(_ key: String) -> String {
        field(key) { slot in String(cString: lua_typename(L, lua_type(L, slot))) }
    }

    /// The table's string keys, in no particular order.
    @inlinable public func stringKeys() -> [String] {
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let key = try? text(at: lua_gettop(L) - 1, path: "") { keys.append(key) }
            lrs_pop(L, 1)
        }
        return keys
    }

    // MARK: Reading

    /// Pushes field `key` (raw), runs `body` with its slot, pops it. [-0, +0]
    @inlinable func field<T, E: Error>(_ key: String, _ body: (Int32) throws(E) -> T) throws(E) -> T {
        var key = key
        key.withUTF8 { bytes in _ = lrs_getfield(L, index, bytes.baseAddress, bytes.count) }
        defer { lrs_pop(L, 1) }
        return try body(lua_gettop(L))
    }

    /// The valid UTF-8 string at `slot`; `path` names it in an error.
    @inlinable func text(at slot: Int32, path: @autoclosure () -> String) throws(LuaError) -> String {
        guard lua_type(L, slot) == LUA_TSTRING else { throw mismatch("string", at: slot, path: path()) }
        var length = 0
        let pointer = lua_tolstring(L, slot, &length)
        guard let text = LuaText.string(validating: UnsafeRawBufferPointer(start: pointer, count: length)) else {
            throw .decoding(path: path(), expected: "valid UTF-8", found: "\(length) bytes that are not")
        }
        return text
    }

    @usableFromInline func mismatch(_ expected: String, at slot: Int32, path: String) -> LuaError {
        .decoding(path: path, expected: expected, found: state.describe(at: slot))
    }

    /// `error` from inside the value at `path` (relative to this table), with its path made
    /// relative to this table: `items[2]` and `text` give `items[2].text`.
    @usableFromInline static func located(_ error: LuaError, under path: String) -> LuaError {
        guard !path.isEmpty, case .decoding(let inner, let expected, let found) = error else { return error }
        let joined = inner.isEmpty ? path : inner.hasPrefix("[") ? path + inner : path + "." + inner
        return .decoding(path: joined, expected: expected, found: found)
    }
}

/// One element of a list a ``LuaTableReader`` reads; valid only inside the closure it was given
/// to. Errors name its path with Lua's 1-based indices (`items[2]`).
public struct LuaListElement {
    @usableFromInline let reader: LuaTableReader
    @usableFromInline let slot: Int32

    @usableFromInline init(reader: LuaTableReader, slot: Int32) {
        self.reader = reader
        self.slot = slot
    }

    /// Reads the element, which must be a table, with `read`.
    @inlinable public func table<T>(_ read: (LuaTableReader) throws(LuaError) -> T) throws(LuaError) -> T {
        try reader.table(at: slot, path: "", read)
    }

    /// The element, which must be a valid UTF-8 string.
    @inlinable public func string() throws(LuaError) -> String {
        try reader.text(at: slot, path: "")
    }
}
