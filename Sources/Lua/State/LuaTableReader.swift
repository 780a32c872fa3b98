import CLua
import CLuaShim

/// Reads a Lua table on the stack field by field, for hosts that know the shape of what they
/// read: no `Codable`, raw reads only (no metamethod runs, nothing raises through Swift). A value
/// of the wrong type is a `LuaError.decoding` naming its path with Lua's 1-based indices
/// (`items[2].text: expected string, got nil`), as `LuaDecoder`'s are.
/// A reader is valid only inside the closure it was given to.
public struct LuaTableReader {
    let state: LuaState
    /// The table's absolute stack index.
    let index: Int32
    /// Where the table is in the value read; spelled out only for an error.
    let at: LuaReadPath?

    /// A reader of the table at `index`; a read-only table there (a module's, a frozen one, an
    /// input view) is replaced by the table behind it, which raw reads see.
    init(state: LuaState, index: Int32, at: LuaReadPath?) {
        self.state = state
        self.index = index
        self.at = at
        lrs_readthrough(state.L, index)
    }

    private var L: OpaquePointer { state.L }
    /// The table's path, spelled out.
    var path: String { at?.description ?? "" }

    /// The string field `key`.
    public func string(_ key: String) throws(LuaError) -> String {
        try field(key) { slot throws(LuaError) in try text(at: slot) { member(key) } }
    }

    /// The string field `key`, or nil when it is absent.
    public func optionalString(_ key: String) throws(LuaError) -> String? {
        try field(key) { slot throws(LuaError) in
            lua_type(L, slot) == LUA_TNIL ? nil : try text(at: slot) { member(key) }
        }
    }

    /// The number field `key` (an integer or a float).
    public func number(_ key: String) throws(LuaError) -> Double {
        try field(key) { slot throws(LuaError) in
            guard lua_type(L, slot) == LUA_TNUMBER else { throw mismatch("number", at: slot, path: member(key)) }
            return lua_tonumberx(L, slot, nil)
        }
    }

    /// The boolean field `key` (no truthiness: nil is an error).
    public func bool(_ key: String) throws(LuaError) -> Bool {
        try field(key) { slot throws(LuaError) in
            guard lua_type(L, slot) == LUA_TBOOLEAN else { throw mismatch("boolean", at: slot, path: member(key)) }
            return lua_toboolean(L, slot) != 0
        }
    }

    /// Whether field `key` holds anything but nil.
    public func has(_ key: String) -> Bool {
        field(key) { slot in lua_type(L, slot) != LUA_TNIL }
    }

    /// Reads the table in field `key` with `read`.
    public func table<T>(_ key: String, _ read: (LuaTableReader) throws(LuaError) -> T) throws(LuaError) -> T {
        try field(key) { slot throws(LuaError) in
            guard lua_type(L, slot) == LUA_TTABLE else { throw mismatch("table", at: slot, path: member(key)) }
            return try read(LuaTableReader(state: state, index: slot, at: LuaReadPath(parent: at, key: key)))
        }
    }

    /// Reads the sequence in field `key` (1…n, n its raw length), each element with `read`; nil
    /// when the field is absent and `optional`.
    public func list<T>(
        _ key: String, optional: Bool = false, _ read: (LuaListElement) throws(LuaError) -> T
    ) throws(LuaError) -> [T]? {
        try field(key) { slot throws(LuaError) -> [T]? in
            if optional && lua_type(L, slot) == LUA_TNIL { return nil }
            guard lua_type(L, slot) == LUA_TTABLE else { throw mismatch("table", at: slot, path: member(key)) }
            lrs_readthrough(L, slot)
            let count = lua_rawlen(L, slot)
            let list = LuaReadPath(parent: at, key: key)
            var items: [T] = []
            items.reserveCapacity(Int(count))
            for position in stride(from: 1, through: Int(count), by: 1) {
                lua_rawgeti(L, slot, lua_Integer(position))
                defer { lrs_pop(L, 1) }
                let element = LuaListElement(reader: self, slot: lua_gettop(L), path: LuaReadPath(parent: list, index: position))
                items.append(try read(element))
            }
            return items
        }
    }

    /// The table at `slot`, read with `read`; `path` names it in errors.
    func table<T>(at slot: Int32, path: LuaReadPath, _ read: (LuaTableReader) throws(LuaError) -> T) throws(LuaError) -> T {
        guard lua_type(L, slot) == LUA_TTABLE else { throw mismatch("table", at: slot, path: path.description) }
        return try read(LuaTableReader(state: state, index: slot, at: path))
    }

    /// The string at `slot`; `path` names it in errors.
    func string(at slot: Int32, path: LuaReadPath) throws(LuaError) -> String {
        try text(at: slot) { path.description }
    }

    /// The Lua type of field `key`, as Lua's `type` names it: "nil", "string", "table"…
    public func typeName(_ key: String) -> String {
        field(key) { slot in String(cString: lua_typename(L, lua_type(L, slot))) }
    }

    /// The table's string keys, in no particular order.
    public func stringKeys() -> [String] {
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let key = try? text(at: lua_gettop(L) - 1, path: { path }) { keys.append(key) }
            lrs_pop(L, 1)
        }
        return keys
    }

    // MARK: Reading

    /// Pushes field `key` (raw), runs `body` with its slot, pops it. [-0, +0]
    private func field<T, E: Error>(_ key: String, _ body: (Int32) throws(E) -> T) throws(E) -> T {
        var key = key
        key.withUTF8 { bytes in _ = lrs_getfield(L, index, bytes.baseAddress, bytes.count) }
        defer { lrs_pop(L, 1) }
        return try body(lua_gettop(L))
    }

    /// The valid UTF-8 string at `slot`; `path` names it in an error.
    private func text(at slot: Int32, path: () -> String) throws(LuaError) -> String {
        guard lua_type(L, slot) == LUA_TSTRING else { throw mismatch("string", at: slot, path: path()) }
        var length = 0
        let pointer = lua_tolstring(L, slot, &length)
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .decoding(path: path(), expected: "valid UTF-8", found: "\(length) bytes that are not")
        }
        return text
    }

    private func member(_ key: String) -> String { LuaReadPath(parent: at, key: key).description }

    private func mismatch(_ expected: String, at slot: Int32, path: String) -> LuaError {
        .decoding(path: path, expected: expected, found: state.describe(at: slot))
    }
}

/// Where a value is in what a ``LuaTableReader`` reads: a chain of field names and 1-based
/// indices, spelled out (`items[2]`) only when an error needs it.
final class LuaReadPath: CustomStringConvertible {
    let parent: LuaReadPath?
    let key: String?
    let position: Int

    init(parent: LuaReadPath?, key: String) {
        self.parent = parent
        self.key = key
        position = 0
    }

    init(parent: LuaReadPath?, index: Int) {
        self.parent = parent
        key = nil
        position = index
    }

    var description: String {
        let above = parent?.description ?? ""
        guard let key else { return above + "[\(position)]" }
        return above.isEmpty ? key : above + "." + key
    }
}

/// One element of a list a ``LuaTableReader`` reads; valid only inside the closure it was given
/// to. Errors name its path with Lua's 1-based indices (`items[2]`).
public struct LuaListElement {
    let reader: LuaTableReader
    let slot: Int32
    let path: LuaReadPath

    /// Reads the element, which must be a table, with `read`.
    public func table<T>(_ read: (LuaTableReader) throws(LuaError) -> T) throws(LuaError) -> T {
        try reader.table(at: slot, path: path, read)
    }

    /// The element, which must be a valid UTF-8 string.
    public func string() throws(LuaError) -> String {
        try reader.string(at: slot, path: path)
    }
}
