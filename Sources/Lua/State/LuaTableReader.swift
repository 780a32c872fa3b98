import CLua
import CLuaShim

/// Reads a Lua table on the stack field by field, for hosts that know the shape of what they
/// read: no `Codable`, raw reads only (no metamethod runs, nothing raises through Swift). A value
/// of the wrong type is a `LuaError.decoding` naming its path with Lua's 1-based indices
/// (`items[2].text: expected string, got nil`), as `LuaDecoder`'s are.
/// A reader is valid only inside the closure it was given to.
///
/// A reader ``limited(by:)`` reads what code the host does not trust built: it copies no string
/// past its limits, refuses tables with metatables (raw reads would miss what they supply) and
/// anything stored in a list past its length; ``checkKeys(only:)`` and ``names(expecting:naming:)``
/// refuse keys the host does not read. Every bound is checked before anything is allocated or
/// copied.
///
/// Its methods are inlinable: a host's reading closures are then specialized for the types it
/// reads, where calls through the generic entry points would box every value they return.
public struct LuaTableReader {
    @usableFromInline let state: LuaState
    /// The table's absolute stack index.
    @usableFromInline let index: Int32
    /// What a limited read may still copy; nil for an unlimited reader.
    @usableFromInline let budget: LuaReadBudget?
    /// Whether the table is the host's, reached through an input view: its metatable and its
    /// private light userdata keys are the host's own.
    @usableFromInline let isHosts: Bool

    /// A reader of the table at `index`; a read-only table there (a module's, a frozen one, an
    /// input view) is replaced by the table behind it, which raw reads see. Errors name paths
    /// from this table; the enclosing readers put their part in front as the error passes them,
    /// so a read that succeeds spells out no path.
    @usableFromInline init(state: LuaState, index: Int32, budget: LuaReadBudget? = nil) {
        self.state = state
        self.index = index
        self.budget = budget
        isHosts = lrs_proxykindof(state.L, index) == Int32(LRS_PROXY_HOST.rawValue)
        lrs_readthrough(state.L, index)
    }

    @usableFromInline var L: OpaquePointer { state.L }

    /// This reader, limited by `limits` from here on: it and the readers it hands out share one
    /// budget of bytes, and the tables they reach must be plain (see ``LuaTableReader``).
    public func limited(by limits: LuaReadLimits) -> LuaTableReader {
        LuaTableReader(state: state, index: index, budget: LuaReadBudget(limits))
    }

    /// The string field `key`, of at most `most` bytes (a limited reader's text bound when nil).
    @inlinable public func string(_ key: String, atMost most: Int? = nil) throws(LuaError) -> String {
        try field(key) { slot throws(LuaError) in try text(at: slot, most: most, path: key) }
    }

    /// The string field `key`, or nil when it is absent.
    @inlinable public func optionalString(_ key: String, atMost most: Int? = nil) throws(LuaError) -> String? {
        try field(key) { slot throws(LuaError) in
            lua_type(L, slot) == LUA_TNIL ? nil : try text(at: slot, most: most, path: key)
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

    /// Reads the sequence in field `key` (1…n, n its raw length, at most `most`), each element
    /// with `read`; nil when the field is absent and `optional`. A limited reader also refuses
    /// the list when it is not plain or holds anything but its n elements.
    @inlinable public func list<T>(
        _ key: String, optional: Bool = false, atMost most: Int = .max, _ read: (LuaListElement) throws(LuaError) -> T
    ) throws(LuaError) -> [T]? {
        try field(key) { slot throws(LuaError) -> [T]? in
            if optional && lua_type(L, slot) == LUA_TNIL { return nil }
            let list = try table(at: slot, path: key) { list in list }
            let count = Int(clamping: lua_rawlen(L, slot))
            guard count <= most else {
                throw .decoding(path: key, expected: "a list of at most \(most) elements", found: "a table of length \(count)")
            }
            if budget != nil { try list.checkListKeys(count: count, path: key) }
            var items: [T] = []
            items.reserveCapacity(Swift.min(count, 1 << 10))
            for position in stride(from: 1, through: count, by: 1) {
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

    /// The table at `slot`, read with `read`; `path` names it in errors. A limited reader refuses
    /// a table with a metatable (but the host's own, behind an input view).
    @inlinable func table<T>(at slot: Int32, path: String, _ read: (LuaTableReader) throws(LuaError) -> T) throws(LuaError) -> T {
        guard lua_type(L, slot) == LUA_TTABLE else { throw mismatch("table", at: slot, path: path) }
        let reader = LuaTableReader(state: state, index: slot, budget: budget)
        if budget != nil, !reader.isHosts, lua_getmetatable(L, slot) != 0 {
            lrs_pop(L, 1)
            throw .decoding(path: path, expected: "a plain table (the host reads fields raw: what a metatable supplies is never read)",
                            found: "a table with a metatable")
        }
        do throws(LuaError) {
            return try read(reader)
        } catch {
            throw Self.located(error, under: path)
        }
    }

    /// The Lua type of field `key`, as Lua's `type` names it: "nil", "string", "table"…
    @inlinable public func typeName(_ key: String) -> String {
        field(key) { slot in String(cString: lua_typename(L, lua_type(L, slot))) }
    }

    // MARK: Reading

    /// Pushes field `key` (raw), runs `body` with its slot, pops it. [-0, +0]
    @inlinable func field<T, E: Error>(_ key: String, _ body: (Int32) throws(E) -> T) throws(E) -> T {
        var key = key
        key.withUTF8 { bytes in _ = lrs_getfield(L, index, bytes.baseAddress, bytes.count) }
        defer { lrs_pop(L, 1) }
        return try body(lua_gettop(L))
    }

    /// The valid UTF-8 string at `slot`, of at most `most` bytes (a limited reader's text bound
    /// when nil), charged to the budget before it is copied; `path` names it in an error.
    @inlinable func text(at slot: Int32, most: Int?, path: @autoclosure () -> String) throws(LuaError) -> String {
        guard lua_type(L, slot) == LUA_TSTRING else { throw mismatch("string", at: slot, path: path()) }
        var length = 0
        let pointer = lua_tolstring(L, slot, &length)
        if let budget {
            try budget.charge(length, most: most, path: path())
        } else if let most, length > most {
            throw .decoding(path: path(), expected: "text of at most \(most) bytes", found: "a string of \(length) bytes")
        }
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

    /// The element, which must be a valid UTF-8 string of at most `most` bytes (a limited
    /// reader's text bound when nil).
    @inlinable public func string(atMost most: Int? = nil) throws(LuaError) -> String {
        try reader.text(at: slot, most: most, path: "")
    }
}

// MARK: - CReader

/// A C function that reads a table on the stack in one pass, for hosts that implement their
/// reading in C next to the state: `reader(L, table, context, out)` reads the table at absolute
/// index `table`, given the value at absolute index `context` the host prepared for it, fills
/// `out` and returns nonzero when it could read the table, 0 when it could not. It must leave the
/// stack as it found it, never raise and never run Lua code: raw reads only.
public typealias LuaTableCReader = @convention(c) (OpaquePointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32

extension LuaTableReader {
    /// Runs `reader` over the table with `context` (a value kept in the same state) and `out`;
    /// whether it could read the table. What it wrote to `out` may point into the table's
    /// strings: valid only inside the closure this reader was given to.
    public func read(with reader: LuaTableCReader, context: LuaRef, into out: UnsafeMutableRawPointer) -> Bool {
        context.push(into: state)
        defer { lrs_pop(L, 1) }
        return reader(L, index, lua_gettop(L), out) != 0
    }
}
